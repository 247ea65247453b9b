-- Analysis on the device (issue 15, docs/decisions/0110): the browser reads images and text-less
-- PDF pages with OCR and writes the text into extracted_text (already searchable). These columns
-- record that a document was looked at, so the background pass over older documents resumes after a
-- reload and never reads the same file twice, and what the analysis suggested, so the panel can
-- show it with the text it came from until the person accepts or dismisses it.
alter table public.documents add column if not exists analysed_at timestamptz;
-- 'ocr' when the text came from OCR on the device, 'person' once they corrected it by hand; null
-- for a PDF's own text layer. The panel says where the text came from.
alter table public.documents add column if not exists text_source text
  check (text_source is null or text_source in ('ocr', 'person'));
-- { category: { name, confidence, because }, expires_on: { date, source }, issued_on: {...}, tags: [...] }
alter table public.documents add column if not exists analysis jsonb
  check (analysis is null or (jsonb_typeof(analysis) = 'object' and pg_column_size(analysis) <= 16384));

-- The background pass: a person's live documents not yet analysed, oldest first.
create index if not exists documents_user_unanalysed_idx
  on public.documents (user_id, created_at)
  where analysed_at is null and deleted_at is null;

grant update (analysed_at, text_source, analysis) on public.documents to authenticated;
