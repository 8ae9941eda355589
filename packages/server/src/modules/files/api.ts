/**
 * What the files module offers the other modules (issue 14 item 8): answer files by id, and the one
 * upload check and store (custom AE reports upload through it, issue 20 item 3).
 * Other modules import this file, never ./repo (scripts/check-boundaries.mjs fails on that).
 */
export { type AnswerFileRow, findAnswerFileInStudy } from './repo';
export { presentAnswerFile, storeAnswerFile, type UploadTarget } from './service/upload';
