/**
 * The form kit (GUIDE 18): a form is a frame of sections of fields, ending in the actions footer; a list
 * typed into a form uses the list editor; a bulk create by names is the bulk-create dialog; a record
 * type's create and update pages come from recordFormPages. Features import the pieces from their files.
 *
 * ```tsx
 * const form = useCheckedForm<TeamFormState>(defaults, resolver);
 * const guard = usePageFormGuard(form.formState.isDirty, draft.clear);
 * <FormFrame form={form} label="Create Team" onValid={submit} draft={draft}>
 *   <FormSection title="Basic Information">
 *     <TextField form={form} name="name" label="Team Name" withAsterisk />
 *   </FormSection>
 *   <GuardedFormActions form={form} guard={guard} leaveTo="/admin/teams" submitLabel="Create Team" />
 * </FormFrame>
 * ```
 */
export * from './bulk-create-dialog';
export * from './date-field';
export * from './detail-section';
export * from './dialog-guard';
export * from './fields';
export * from './form-actions';
export * from './form-frame';
export * from './guarded-dialog-form';
export * from './list-editor';
export * from './native-select-fields';
export * from './page-guard';
export * from './section';
export * from './select-field';
export * from './update-page';
