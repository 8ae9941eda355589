* Trialbase export: Stata do-file over the wide CSV files (issue 26).
* Special markers (spec 001 §3) become missing: .b .na .n .c .d .e

import delimited using "csv/VITALS.csv", clear varnames(1) stringcols(_all) case(preserve) encoding("utf-8") bindquote(strict)
destring WEIGHT, replace force
label variable WEIGHT "Weight (kg)"
label variable NOTE "Note, 'quoted'"
label variable VISITDT "Visit date"
label variable SEENAT "Seen at"
label variable WAKE "Wake-up time"
label variable SLEEP "Sleep"
destring SMOKER, replace force
label variable SMOKER "Smoker"
label define SMOKER_lbl 1 "Never" 2 "Former" 3 "Current", replace
label values SMOKER SMOKER_lbl
destring SYMPT_1, replace force
label variable SYMPT_1 "Symptoms: Cough"
label define SYMPT_1_lbl 0 "Not chosen" 1 "Chosen", replace
label values SYMPT_1 SYMPT_1_lbl
destring SYMPT_2, replace force
label variable SYMPT_2 "Symptoms: Fever"
label define SYMPT_2_lbl 0 "Not chosen" 1 "Chosen", replace
label values SYMPT_2 SYMPT_2_lbl
destring PAIN, replace force
label variable PAIN "Pain"
label define PAIN_lbl 1 "Yes" 2 "No", replace
label values PAIN PAIN_lbl
destring FASTING, replace force
label variable FASTING "Fasting"
label define FASTING_lbl 0 "Not ticked" 1 "Ticked", replace
label values FASTING FASTING_lbl
destring DOSE_AM_MG, replace force
label variable DOSE_AM_MG "Dose: Morning / mg"
destring DOSE_PM_MG, replace force
label variable DOSE_PM_MG "Dose: Evening / mg"
label variable VITALS_Q13 "Comment"
destring HEIGHT, replace force
label variable HEIGHT "Height"
save "VITALS.dta", replace
