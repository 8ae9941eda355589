* Trialbase export: SPSS syntax over the wide CSV files (issue 26).
* Special markers (spec 001 §3) become system-missing: .b .na .n .c .d .e.

GET DATA /TYPE=TXT /FILE='csv/VITALS.csv' /ENCODING='UTF8' /DELIMITERS="," /QUALIFIER='"'
  /ARRANGEMENT=DELIMITED /FIRSTCASE=2
  /VARIABLES=subject_id A255 site A255 data_event_id A255 data_event A255 form_version A255 form_status A255 created_at A255 completed_at A255 subject_email A255 trial_group A255 WEIGHT A255 NOTE A255 VISITDT A255 SEENAT A255 WAKE A255 SLEEP A255 SMOKER A255 SYMPT_1 A255 SYMPT_2 A255 PAIN A255 FASTING A255 DOSE_AM_MG A255 DOSE_PM_MG A255 VITALS_Q13 A255 HEIGHT A255.
RECODE WEIGHT ('.b','.na','.n','.c','.d','.e'='').
ALTER TYPE WEIGHT (F16.4).
RECODE SMOKER ('.b','.na','.n','.c','.d','.e'='').
ALTER TYPE SMOKER (F16.4).
RECODE SYMPT_1 ('.b','.na','.n','.c','.d','.e'='').
ALTER TYPE SYMPT_1 (F16.4).
RECODE SYMPT_2 ('.b','.na','.n','.c','.d','.e'='').
ALTER TYPE SYMPT_2 (F16.4).
RECODE PAIN ('.b','.na','.n','.c','.d','.e'='').
ALTER TYPE PAIN (F16.4).
RECODE FASTING ('.b','.na','.n','.c','.d','.e'='').
ALTER TYPE FASTING (F16.4).
RECODE DOSE_AM_MG ('.b','.na','.n','.c','.d','.e'='').
ALTER TYPE DOSE_AM_MG (F16.4).
RECODE DOSE_PM_MG ('.b','.na','.n','.c','.d','.e'='').
ALTER TYPE DOSE_PM_MG (F16.4).
RECODE HEIGHT ('.b','.na','.n','.c','.d','.e'='').
ALTER TYPE HEIGHT (F16.4).
VARIABLE LABELS WEIGHT 'Weight (kg)'
  /NOTE 'Note, "quoted"'
  /VISITDT 'Visit date'
  /SEENAT 'Seen at'
  /WAKE 'Wake-up time'
  /SLEEP 'Sleep'
  /SMOKER 'Smoker'
  /SYMPT_1 'Symptoms: Cough'
  /SYMPT_2 'Symptoms: Fever'
  /PAIN 'Pain'
  /FASTING 'Fasting'
  /DOSE_AM_MG 'Dose: Morning / mg'
  /DOSE_PM_MG 'Dose: Evening / mg'
  /VITALS_Q13 'Comment'
  /HEIGHT 'Height'.
VALUE LABELS SMOKER 1 'Never' 2 'Former' 3 'Current'.
VALUE LABELS SYMPT_1 0 'Not chosen' 1 'Chosen'.
VALUE LABELS SYMPT_2 0 'Not chosen' 1 'Chosen'.
VALUE LABELS PAIN 1 'Yes' 2 'No'.
VALUE LABELS FASTING 0 'Not ticked' 1 'Ticked'.
DATASET NAME VITALS.
EXECUTE.
