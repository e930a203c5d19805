import { deflateRawSync } from 'node:zlib';
import { GSTIN_CHECK_MESSAGE, gstinCheckCharacter } from '@karya/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_HEADERS, IMPORT_LIMITS, IMPORT_MESSAGES as M } from './import-rules';
import { type ParseOutcome, parseCustomerFile } from './parse';
import { flagExistingNames, namesToCheck } from './row-checks';
import { buildErrorsWorkbook, buildTemplateWorkbook } from './workbook-files';
import { checkSpreadsheetFile, readZipDirectory } from './zip-guard';

// Real .xlsx files built here with ExcelJS, read back by the import's parser (spec 2 §5).

type Cells = (string | number | null | { richText: { text: string }[] })[];

const xlsx = async (rows: Cells[], headers: readonly string[] = IMPORT_HEADERS) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Customers');
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
};

/** A row in the template's column order: Name, Type, Email, Phone, Website, Street, City, District, State, Country, Zip, Year, Students. */
const row = (over: Partial<Record<(typeof IMPORT_HEADERS)[number], string | number | null>> = {}): Cells => {
  const base: Record<string, string | number | null> = {
    Name: 'Kendriya Vidyalaya No. 1',
    Type: 'Organization',
    Email: 'kv1@example.com',
    Phone: 9437012345,
    Website: 'kv1.example.com',
    Street: 'Unit 9 Road',
    City: 'Bhubaneswar',
    District: 'Khordha',
    State: 'Odisha',
    Country: 'India',
    'Zip Code': 751022,
    'Establishment Year': '1965',
    'Number of Students': 1200,
    ...over,
  };
  return IMPORT_HEADERS.map((h) => base[h] ?? null);
};

const parsed = async (bytes: Uint8Array, name = 'customers.xlsx') => {
  const outcome: ParseOutcome = await parseCustomerFile(name, bytes);
  return outcome;
};
const rowsOf = (outcome: ParseOutcome) => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.error}`);
  return outcome.rows;
};

describe('parseCustomerFile: a good file', () => {
  it('trims cells, turns phone and zip into text and year and students into numbers, and validates', async () => {
    const rows = rowsOf(
      await parsed(
        await xlsx([
          row({ Name: '  Kendriya Vidyalaya No. 1  ', Type: ' organization ', City: ' Bhubaneswar ' }),
          row({
            Name: 'Anita Das',
            Type: 'Individual',
            Email: null,
            Phone: '94370 55555',
            Website: null,
            'Zip Code': '751001',
            'Establishment Year': null,
            'Number of Students': null,
          }),
        ]),
      ),
    );
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.errors)).toEqual([[], []]);
    const [kv, anita] = rows;
    expect(kv!.no).toBe(1);
    expect(kv!.name).toBe('Kendriya Vidyalaya No. 1');
    expect(kv!.customer).toMatchObject({
      name: 'Kendriya Vidyalaya No. 1',
      type: 'Organization',
      phone: '9437012345',
      address: { city: 'Bhubaneswar', zipCode: '751022', state: 'Odisha' },
      additionalInfo: { establishmentYear: 1965, numberOfStudents: 1200 },
    });
    expect(anita!.no).toBe(2);
    expect(anita!.customer).toMatchObject({ type: 'Individual', phone: '9437055555' });
    expect((anita!.customer.address as Record<string, unknown>).zipCode).toBe('751001');
  });

  it('reads rich text and finds the headers in any order, case and spacing', async () => {
    const headers = [...IMPORT_HEADERS].reverse().map((h) => ` ${h.toUpperCase()} `);
    const cells = row({ Name: 'Reversed School' }).reverse();
    cells[headers.length - 1] = { richText: [{ text: 'Reversed ' }, { text: 'School' }] };
    const rows = rowsOf(await parsed(await xlsx([cells], headers)));
    expect(rows[0]!.name).toBe('Reversed School');
    expect(rows[0]!.errors).toEqual([]);
  });

  it('numbers customers by their sheet row below the header, skipping blank rows', async () => {
    const rows = rowsOf(
      await parsed(
        await xlsx([row({ Name: 'First School' }), row().map(() => null), row({ Name: 'Third School' })]),
      ),
    );
    expect(rows.map((r) => [r.no, r.name])).toEqual([
      [1, 'First School'],
      [3, 'Third School'],
    ]);
  });
});

describe('parseCustomerFile: the GSTIN column (ours, optional)', () => {
  it('reads a GSTIN when the column is there, checks it, and imports files made without it', async () => {
    const valid = `21AABCK1234M1Z${gstinCheckCharacter('21AABCK1234M1Z')}`;
    const rows = rowsOf(
      await parsed(
        await xlsx([
          row({ Name: 'Taxed School', GSTIN: valid.toLowerCase() }),
          row({ Name: 'Bad GSTIN', GSTIN: '21AABCK1234M1ZZ' }),
        ]),
      ),
    );
    expect(rows[0]).toMatchObject({ errors: [], customer: { gstin: valid } });
    expect(rows[1]!.errors.join(' ')).toContain(GSTIN_CHECK_MESSAGE);
    const without = IMPORT_HEADERS.filter((h) => h !== 'GSTIN');
    const plain = rowsOf(await parsed(await xlsx([row().slice(0, without.length)], without)));
    expect(plain).toHaveLength(1);
    expect(plain[0]!.errors).toEqual([]);
  });
});

describe('parseCustomerFile: refusals and row errors', () => {
  it('names every missing header in the spec message', async () => {
    const outcome = await parsed(await xlsx([], ['Name', 'Email', 'Phone']));
    expect(outcome).toEqual({
      ok: false,
      error:
        'The following headers are missing: Type, Website, Street, City, District, State, Country, Zip Code, Establishment Year, Number of Students. Please check your file and correct it, or download a sample file for reference.',
    });
  });

  it('flags names repeated inside the file on each of them', async () => {
    const rows = rowsOf(
      await parsed(
        await xlsx([
          row({ Name: 'Same School' }),
          row({ Name: 'Other School' }),
          row({ Name: ' same school ' }),
        ]),
      ),
    );
    expect(rows[0]!.errors).toEqual(['Customer 1, 3 names are the same.']);
    expect(rows[1]!.errors).toEqual([]);
    expect(rows[2]!.errors).toEqual(['Customer 1, 3 names are the same.']);
  });

  it("lists each row's problems in the customer rules' own words", async () => {
    const rows = rowsOf(
      await parsed(
        await xlsx([
          row({ Name: null, Type: null }),
          row({
            Name: 'Bad Row School',
            Email: 'not-an-email',
            Phone: 12345,
            Website: 'not a url',
            Street: '12',
            'Establishment Year': 'nineteen',
            'Number of Students': -4,
          }),
          row({ Name: 'Wrong Type School', Type: 'Company' }),
        ]),
      ),
    );
    expect(rows[0]!.errors).toEqual(
      expect.arrayContaining(['Customer type is required.', 'Name is required.']),
    );
    expect(rows[1]!.errors).toEqual(
      expect.arrayContaining([
        'Invalid email format.',
        expect.stringMatching(/^Phone number must be a valid 10-digit or a landline number/),
        'Website: Please enter a valid URL.',
        'Street must be at least 3 characters',
        'Establishment year must be a year between 1800 and this year.',
        'Number of students must be a whole number of at least 0.',
      ]),
    );
    expect(rows[2]!.errors).toEqual(['Customer type is required.']);
  });

  it('marks names the server already has', async () => {
    const rows = rowsOf(
      await parsed(await xlsx([row({ Name: 'Taken School' }), row({ Name: 'Free School' })])),
    );
    expect(namesToCheck(rows)).toEqual(['Taken School', 'Free School']);
    const checked = flagExistingNames(rows, ['taken school']);
    expect(checked[0]!.errors).toEqual(['Customer already exist with this name']);
    expect(checked[1]!.errors).toEqual([]);
  });

  it('refuses a file of headers only and one over the row limit', async () => {
    expect(await parsed(await xlsx([]))).toEqual({ ok: false, error: M.noRows });
    const many = Array.from({ length: IMPORT_LIMITS.rows + 1 }, (_, i) => [`School ${i}`, 'Organization']);
    const outcome = await parsed(await xlsx(many));
    expect(outcome).toEqual({ ok: false, error: M.tooManyRows(IMPORT_LIMITS.rows + 1) });
  });
});

/** A zip written by hand: local headers, central directory and end record, with sizes as given. */
const zip = (entries: { name: string; data: Uint8Array; declaredSize?: number }[]) => {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const body = deflateRawSync(e.data);
    const size = e.declaredSize ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(body.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, body);
    central.push(dir, name);
    offset += local.length + name.length + body.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, dirBytes, end]));
};
const xml = (text: string) => new TextEncoder().encode(text);
const workbookParts = [
  { name: '[Content_Types].xml', data: xml('<Types/>') },
  { name: 'xl/workbook.xml', data: xml('<workbook/>') },
];

describe('checked before parsing', () => {
  it('refuses other names, with the spec message', async () => {
    const outcome = await parsed(await xlsx([row()]), 'customers.csv');
    expect(outcome).toEqual({
      ok: false,
      error: 'Invalid file type. Only Excel files (.xlsx, .xls) are accepted.',
    });
  });

  it('refuses a text file renamed .xlsx', async () => {
    const outcome = await parsed(xml('Name,Type\nSchool,Organization\n'), 'customers.xlsx');
    expect(outcome).toEqual({ ok: false, error: M.notSpreadsheet });
  });

  it('asks for an Excel 97-2003 .xls to be saved as .xlsx', async () => {
    const ole = new Uint8Array(4096);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await parsed(ole, 'old.xls')).toEqual({ ok: false, error: M.legacyXls });
  });

  it('reads a real .xlsx named .xls (its content decides)', async () => {
    const rows = rowsOf(await parsed(await xlsx([row()]), 'customers.XLS'));
    expect(rows).toHaveLength(1);
  });

  it('refuses a zip that is no workbook, and a broken one with the unreadable message', async () => {
    expect(await parsed(zip([{ name: 'word/document.xml', data: xml('<w/>') }]))).toEqual({
      ok: false,
      error: M.notSpreadsheet,
    });
    const good = await xlsx([row()]);
    expect(await parsed(good.slice(0, good.length - 30))).toEqual({ ok: false, error: M.unreadable });
  });

  it('refuses a file over the size limit before reading it', async () => {
    const big = new Uint8Array(IMPORT_LIMITS.fileBytes + 1);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    expect(await parsed(big)).toEqual({ ok: false, error: M.tooLarge });
  });

  it('refuses a zip whose directory declares a huge unpacked size', async () => {
    const bomb = zip([
      ...workbookParts,
      { name: 'xl/worksheets/sheet1.xml', data: xml('<x/>'), declaredSize: 0x7fffffff },
    ]);
    expect(() => readZipDirectory(bomb)).toThrow(M.tooBigInside);
    expect(await parsed(bomb)).toEqual({ ok: false, error: M.tooBigInside });
  });

  it('refuses a zip of too many parts', async () => {
    const parts = Array.from({ length: IMPORT_LIMITS.entries + 1 }, (_, i) => ({
      name: `xl/part${i}.xml`,
      data: xml('<x/>'),
    }));
    expect(await parsed(zip([...workbookParts, ...parts]))).toEqual({ ok: false, error: M.tooBigInside });
  });

  it('refuses a zip whose directory lies: a part inflating past its declared size, stopped early', async () => {
    // 200 MB of zeros deflate to about 200 KB; the directory says 1 KB.
    const zeros = new Uint8Array(200 * 1024 * 1024);
    const bomb = zip([
      ...workbookParts,
      { name: 'xl/worksheets/sheet1.xml', data: zeros, declaredSize: 1024 },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    await expect(checkSpreadsheetFile('bomb.xlsx', bomb)).rejects.toThrow(M.tooBigInside);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('the downloads', () => {
  it('Sample_Customer_Template.xlsx has the headers, Name and Type red, the others blue, and parses as empty', async () => {
    const bytes = new Uint8Array(await buildTemplateWorkbook().xlsx.writeBuffer());
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes.buffer as ArrayBuffer);
    const header = book.worksheets[0]!.getRow(1);
    const cells = IMPORT_HEADERS.map((_, i) => header.getCell(i + 1));
    expect(cells.map((c) => c.value)).toEqual([...IMPORT_HEADERS]);
    const colour = (i: number) => (cells[i]!.fill as ExcelJS.FillPattern).fgColor?.argb;
    expect([colour(0), colour(1)]).toEqual(['FFC00000', 'FFC00000']);
    for (let i = 2; i < cells.length; i++) expect(colour(i)).toBe('FF1F5FA8');
    expect(await parsed(bytes, 'Sample_Customer_Template.xlsx')).toEqual({ ok: false, error: M.noRows });
  });

  it('customer-validation-errors.xlsx lists Customer No, Customer Name and Errors, formula-looking names as text', async () => {
    const rows = [
      { no: 2, name: '=HYPERLINK("http://evil.example","x")', customer: {}, errors: ['a', 'b'] },
      { no: 5, name: 'Plain School', customer: {}, errors: ['Name is required.'] },
    ];
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await buildErrorsWorkbook(rows).xlsx.writeBuffer()) as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Customer No', 'Customer Name', 'Errors']);
    expect(sheet.getRow(2).values).toEqual([undefined, 2, '=HYPERLINK("http://evil.example","x")', 'a\nb']);
    expect(sheet.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('@');
    expect(sheet.getRow(3).values).toEqual([undefined, 5, 'Plain School', 'Name is required.']);
  });
});
