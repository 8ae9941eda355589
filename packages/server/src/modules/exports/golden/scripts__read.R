# Trialbase export: reads the wide CSV files with factors and labels (issue 26).
# Special markers (spec 001 §3) are read as NA:
#   .b  Not answered: the form was opened but the question has no answer
#   .na  Skipped: the question was skipped (answer skipped)
#   .n  Unavailable: the answer was marked unavailable
#   .c  Cancelled: the subject’s participation was cancelled before the form was filled
#   .d  Discontinued: the subject discontinued before the form was filled
#   .e  Excluded: the subject or the data event was excluded
markers <- c(".b", ".na", ".n", ".c", ".d", ".e")

VITALS <- read.csv("csv/VITALS.csv", na.strings = markers, stringsAsFactors = FALSE, check.names = FALSE, encoding = "UTF-8")
attr(VITALS[["WEIGHT"]], "label") <- "Weight (kg)"
attr(VITALS[["NOTE"]], "label") <- "Note, \"quoted\""
attr(VITALS[["VISITDT"]], "label") <- "Visit date"
attr(VITALS[["SEENAT"]], "label") <- "Seen at"
attr(VITALS[["WAKE"]], "label") <- "Wake-up time"
attr(VITALS[["SLEEP"]], "label") <- "Sleep"
VITALS[["SMOKER"]] <- factor(VITALS[["SMOKER"]], levels = c(1, 2, 3), labels = c("Never", "Former", "Current"))
attr(VITALS[["SMOKER"]], "label") <- "Smoker"
VITALS[["SYMPT_1"]] <- factor(VITALS[["SYMPT_1"]], levels = c(0, 1), labels = c("Not chosen", "Chosen"))
attr(VITALS[["SYMPT_1"]], "label") <- "Symptoms: Cough"
VITALS[["SYMPT_2"]] <- factor(VITALS[["SYMPT_2"]], levels = c(0, 1), labels = c("Not chosen", "Chosen"))
attr(VITALS[["SYMPT_2"]], "label") <- "Symptoms: Fever"
VITALS[["PAIN"]] <- factor(VITALS[["PAIN"]], levels = c(1, 2), labels = c("Yes", "No"))
attr(VITALS[["PAIN"]], "label") <- "Pain"
VITALS[["FASTING"]] <- factor(VITALS[["FASTING"]], levels = c(0, 1), labels = c("Not ticked", "Ticked"))
attr(VITALS[["FASTING"]], "label") <- "Fasting"
attr(VITALS[["DOSE_AM_MG"]], "label") <- "Dose: Morning / mg"
attr(VITALS[["DOSE_PM_MG"]], "label") <- "Dose: Evening / mg"
attr(VITALS[["VITALS_Q13"]], "label") <- "Comment"
attr(VITALS[["HEIGHT"]], "label") <- "Height"

