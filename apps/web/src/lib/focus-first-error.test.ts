import { afterEach, describe, expect, it } from 'vitest';
import { focusFirstError } from './focus-first-error';

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('focusFirstError', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('focuses the first invalid field, also when its message is drawn a few frames after the submit', async () => {
    const root = document.createElement('form');
    root.innerHTML = '<input name="title"><input name="date">';
    document.body.append(root);
    const [title, date] = root.querySelectorAll('input');
    focusFirstError(root);
    await frame();
    await frame();
    // React commits the errors late (a busy phone): both marked now, the first in document order wins.
    date!.setAttribute('aria-invalid', 'true');
    title!.setAttribute('aria-invalid', 'true');
    for (let i = 0; i < 5 && document.activeElement !== title; i++) await frame();
    expect(document.activeElement).toBe(title);
  });

  it('gives up after a while when nothing is ever marked, focusing nothing', async () => {
    const root = document.createElement('form');
    root.innerHTML = '<input name="title">';
    document.body.append(root);
    focusFirstError(root, undefined, 3);
    for (let i = 0; i < 6; i++) await frame();
    root.querySelector('input')!.setAttribute('aria-invalid', 'true');
    for (let i = 0; i < 3; i++) await frame();
    expect(document.activeElement).toBe(document.body);
  });
});
