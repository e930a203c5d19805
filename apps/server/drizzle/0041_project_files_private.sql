-- A project's agreement and purchase order are read through their project's route, which checks its scope;
-- /files/{id} serves a private file to its owner only (a project's files have the project as owner: no one).
UPDATE "files" SET "private" = true
WHERE "id" IN (
  SELECT "agreement_file_id" FROM "projects" WHERE "agreement_file_id" IS NOT NULL
  UNION
  SELECT "purchase_order_file_id" FROM "projects" WHERE "purchase_order_file_id" IS NOT NULL
);
