import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildTemplate, newTemplatePath } from './db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templatePath: string;
  }
}

export default async function setup(project: TestProject) {
  const templatePath = process.env.TEST_DATABASE_URL ? '' : newTemplatePath();
  if (templatePath) await buildTemplate(templatePath);
  project.provide('templatePath', templatePath);
  return () => {
    if (templatePath) rmSync(templatePath, { force: true });
  };
}
