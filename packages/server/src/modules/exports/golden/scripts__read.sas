/* Trialbase export: SAS program over the wide CSV files (issue 26). */
/* Special markers (spec 001 §3): .b .na .n .c .d .e; .b .n .c .d .e are read as SAS special missing values. */
missing b n c d e;
proc format;
  value SMOKERF 1='Never' 2='Former' 3='Current';
  value SYMPT_1F 0='Not chosen' 1='Chosen';
  value SYMPT_2F 0='Not chosen' 1='Chosen';
  value PAINF 1='Yes' 2='No';
  value FASTINGF 0='Not ticked' 1='Ticked';
run;

data VITALS;
  infile 'csv/VITALS.csv' dsd firstobs=2 lrecl=1000000 truncover encoding='utf-8';
  input subject_id :$255. site :$255. data_event_id :$255. data_event :$255. form_version :$255. form_status :$255. created_at :$255. completed_at :$255. subject_email :$255. trial_group :$255. WEIGHT ?? :best32. NOTE :$2000. VISITDT :$2000. SEENAT :$2000. WAKE :$2000. SLEEP :$2000. SMOKER ?? :best32. SYMPT_1 ?? :best32. SYMPT_2 ?? :best32. PAIN ?? :best32. FASTING ?? :best32. DOSE_AM_MG ?? :best32. DOSE_PM_MG ?? :best32. VITALS_Q13 :$2000. HEIGHT ?? :best32.;
  label WEIGHT='Weight (kg)';
  label NOTE='Note, "quoted"';
  label VISITDT='Visit date';
  label SEENAT='Seen at';
  label WAKE='Wake-up time';
  label SLEEP='Sleep';
  label SMOKER='Smoker';
  label SYMPT_1='Symptoms: Cough';
  label SYMPT_2='Symptoms: Fever';
  label PAIN='Pain';
  label FASTING='Fasting';
  label DOSE_AM_MG='Dose: Morning / mg';
  label DOSE_PM_MG='Dose: Evening / mg';
  label VITALS_Q13='Comment';
  label HEIGHT='Height';
  format SMOKER SMOKERF.;
  format SYMPT_1 SYMPT_1F.;
  format SYMPT_2 SYMPT_2F.;
  format PAIN PAINF.;
  format FASTING FASTINGF.;
run;
