-- Issue 16 item 4: a search by subject id alone takes its candidates from subject_search_trgm_idx
-- (search_text starts with the subject id) and checks the id itself, so the id's own trigram index
-- only cost every insert (a GIN trigram index was about 40 % of a 5,000-row insert on PGlite).
DROP INDEX "subject_patient_id_trgm_idx";
