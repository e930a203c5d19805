import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

/**
 * Mantine's DateInput parses typed text with `dayjs(text, valueFormat)`, which ignores the format unless
 * this plugin is loaded and falls back to the browser's parser: '05/03/2026' typed in a DD/MM/YYYY field
 * became 3 May. Imported once by the app's providers (and by the unit tests' setup).
 */
dayjs.extend(customParseFormat);
