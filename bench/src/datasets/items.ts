import { BRANDS } from './brands.ts';
import { CATEGORIES } from './categories.ts';
import { CLASSES } from './classes.ts';
import { MARGINS } from './margins.ts';
import { arr, hash, idOf, idValue, pastTime, pick } from './sql.ts';
import { type Generator, inBatches, scaled } from './types.ts';
import { someUser, userId } from './users.ts';

export const ITEMS = 50_000;
/** Table tags of idOf: items, their stock rows, image files, specification files. */
const ITEM_TAG = '15';
const STOCK_TAG = '16';
/** The id of generated item n (1-based); item 7 is live and has a stock row (the detail scenario). */
export const itemId = (n: number) => idValue(ITEM_TAG, n);
/**
 * At scale 1, 1,172 live items match the list scenario's filters (name contains "kit", state Unverified):
 * page 55 of 20 (rows 1,081–1,100) is past the server's deferred join (offset 1,000) and still full.
 */
export const ITEM_LIST_DEEP_PAGE = 55;

/**
 * An Odisha school / college / ATL catalogue: name, model-number prefix, HSN code, GST %, base price (₹).
 * The rates are slabs in force since 22 September 2025 (the old 12% lines at 5%, 28% at 18%: issue 27), so
 * a sale or quotation of any of them today is accepted.
 * 12 of the 50 names contain "kit" (about a quarter of the items, what the list scenario filters on) and 3
 * contain "Arduino" (about 6%, what the suggestion scenario searches).
 */
const PRODUCTS: readonly [string, string, string, number, number][] = [
  ['Arduino Uno R3 kit', 'ARD-UNO', '84733099', 18, 1450],
  ['Arduino Nano board', 'ARD-NANO', '84733099', 18, 420],
  ['Arduino Mega 2560 starter kit', 'ARD-MEGA', '84733099', 18, 3200],
  ['Raspberry Pi 4 Model B 4GB', 'RPI-4B', '84715000', 18, 5600],
  ['ESP32 IoT development board', 'ESP-32', '85423100', 18, 650],
  ['Ultrasonic sensor HC-SR04', 'SNS-HC04', '90318000', 18, 95],
  ['Servo motor SG90', 'MTR-SG90', '85011020', 18, 140],
  ['Line follower robot kit', 'ROB-LF', '95030090', 5, 2400],
  ['Quadcopter drone building kit', 'DRN-Q450', '88062100', 18, 14500],
  ['3D printer PLA filament 1 kg', 'PLA-1K', '39169090', 18, 950],
  ['3D printer Ender 3 V2', 'PRN-E3', '84852000', 18, 21500],
  ['ATL tinkering lab kit', 'ATL-TLK', '95030090', 5, 185000],
  ['Soldering station 60 W', 'SLD-60', '85151900', 18, 2100],
  ['Breadboard 830 points', 'BRD-830', '85340000', 18, 90],
  ['Jumper wires set of 120', 'JMP-120', '85444290', 18, 160],
  ['DC gear motor 100 RPM', 'MTR-DC100', '85013119', 18, 180],
  ['Humanoid robot kit', 'ROB-HUM', '95030090', 5, 38500],
  ['Physics lab optical bench', 'PHY-OPB', '90230010', 5, 7800],
  ['Vernier caliper 150 mm', 'MSR-VC150', '90173010', 18, 650],
  ['Compound microscope 1000x', 'MIC-1000', '90118000', 18, 9200],
  ['Borosilicate beaker 250 ml', 'GLS-B250', '70179090', 5, 85],
  ['Wooden test tube stand', 'STD-TT12', '44219990', 5, 240],
  ['Chemistry glassware kit', 'GLS-CHK', '70179090', 5, 3400],
  ['Human skeleton model 170 cm', 'BIO-SKL', '90230090', 5, 12800],
  ['Human torso model, detachable', 'BIO-TRS', '90230090', 5, 9600],
  ['Digital weighing balance 0.01 g', 'BAL-001', '84232000', 18, 6400],
  ['Laminated periodic table chart', 'CHT-PT', '49111090', 5, 350],
  ['Electricity and magnetism kit', 'PHY-EMK', '90230010', 5, 4200],
  ['Bunsen burner with stand', 'CHM-BUN', '73219000', 18, 620],
  ['Digital pH meter', 'CHM-PH', '90278010', 18, 2800],
  ['Solar energy demonstration kit', 'PHY-SOL', '90230010', 5, 5200],
  ['Smart class interactive panel 65"', 'IFP-65', '85285900', 18, 165000],
  ['Smart class interactive panel 75"', 'IFP-75', '85285900', 18, 215000],
  ['LED projector 4000 lumens', 'PRJ-4000', '85286900', 18, 48000],
  ['Motorised projector screen 8x6 ft', 'SCR-86M', '90106000', 18, 14500],
  ['Document visualiser', 'DOC-VIS', '85258900', 18, 18900],
  ['Wireless presenter', 'PRS-WL', '84716060', 18, 1200],
  ['UPS 1 kVA', 'UPS-1K', '85044010', 18, 7400],
  ['Desktop computer i5 8GB', 'PC-I5', '84714190', 18, 46500],
  ['Classroom speaker system', 'SPK-CLS', '85182200', 18, 8900],
  ['Steel student dual desk', 'FUR-DD', '94031090', 18, 5600],
  ["Teacher's table with drawer", 'FUR-TT', '94033090', 18, 7200],
  ['Library rack with 5 shelves', 'FUR-LR5', '94032090', 18, 11800],
  ['Green chalk board 6x4 ft', 'BRD-GC64', '96100000', 5, 3900],
  ['White marker board 4x3 ft', 'BRD-WM43', '96100000', 5, 2600],
  ['Geometry box', 'STN-GEO', '90172010', 5, 120],
  ['Political globe 12 inch', 'GEO-G12', '49059100', 5, 1100],
  ['Math lab kit', 'MTH-LAB', '90230090', 5, 14500],
  ['School first aid kit', 'FAK-SCH', '30065000', 5, 1350],
  ['Football sports kit', 'SPT-FB', '95066210', 5, 2800],
];
/**
 * SQL: column n of the product item number `sku` is made from (0 name, 3 GST %, 4 base price ₹): items pick
 * their product by hash('i', 200), so other generators (the stock ledger) price an item's lines from it.
 */
export const itemProductSql = (n: number, sku: string) =>
  `(${arr(PRODUCTS.map((p) => String(p[n])))})[1 + ${hash(sku, 200)} % ${PRODUCTS.length}]`;
const PREFERRED = ['Robokits', 'Tinkerbox', 'Labtronics', 'Kalinga Scientific', 'BenQ', 'Epson', 'Godrej'];

/** Rows of a catalogue generator are deleted when n % 50 = 0: point at the row before instead. */
const live = (n: string) => `(${n} - (${n} % 50 = 0)::int)`;
/** A live row 1..total of a catalogue table, by hash. */
const someRow = (expr: string, salt: number, total: number) => live(`(1 + ${hash(expr, salt)} % ${total})`);

/**
 * Product items and their stock rows (one each). SKU is the row number (the sequence is set past it);
 * states 85% Verified, 10% Unverified, 5% Suggested; 0–5 images and every third a specification, as file
 * references; 2% deleted (with their stock row); created over two years by bench users. Brands, categories,
 * classes and margins are live generated rows.
 */
export const items: Generator = {
  name: 'product items (with stock)',
  rows: (scale) => scaled(ITEMS, scale),
  async run(sql, scale, progress) {
    const total = scaled(ITEMS, scale);
    const brands = scaled(BRANDS, scale);
    const categories = scaled(CATEGORIES, scale);
    const classes = scaled(CLASSES, scale);
    const margins = scaled(MARGINS, scale);
    const column = (n: number) => `(${arr(PRODUCTS.map((p) => String(p[n])))})[t.p]`;
    const images = `coalesce((select jsonb_agg(jsonb_build_object('fileId', f.id, 'url', '/api/files/' || f.id,
        'name', 'item-' || i || '-' || k || '.jpg') order by k)
      from (select k, ${idOf('f2', 'i * 8 + k')} as id from generate_series(1, ${hash('i', 207)} % 6) k) f),
      '[]'::jsonb)`;
    const refs = (tag: string, count: number, most: number, salt: number) =>
      `array(select distinct ${idOf(tag, someRow('i * 4 + k', salt, count))}
        from generate_series(0, ${hash('i', salt + 1)} % ${most}) k)`;
    const measure = (salt: number, max: number) =>
      `((${hash('i', salt)} % ${max}) / 1000.0 + 0.05)::numeric(12,3)`;
    await inBatches(
      sql,
      total,
      10_000,
      `insert into product_items (id, sku, name, modal_no, description, brand_id, category_ids, class_ids,
         margin_id, gst, hsn_code, shipping_weight, shipping_length, shipping_width, shipping_height, state,
         target_price, preferred_brand, images, specifications, rating, is_deleted, deleted_at, deleted_by,
         created_by, updated_by, created_at, updated_at)
       select ${idOf(ITEM_TAG, 'i')}, i, ${column(0)} || ' ' || i,
         ${column(1)} || '-' || lpad((${hash('i', 201)} % 10000)::text, 4, '0'),
         ${column(0)} || ' for schools, colleges and ATL labs across Odisha. Generated item ' || i || '.',
         ${idOf('10', someRow('i', 202, brands))},
         ${refs('11', categories, 3, 203)}, ${refs('12', classes, 2, 205)},
         case when ${hash('i', 208)} % 5 <> 0 then ${idOf('13', someRow('i', 209, margins))} end,
         ${column(3)}::int, ${column(2)},
         ${measure(210, 50_000)}, ${measure(211, 2_000)}, ${measure(212, 1_500)}, ${measure(213, 1_500)},
         case when t.s < 85 then 'Verified' when t.s < 95 then 'Unverified' else 'Suggested' end,
         round(t.price * (80 + ${hash('i', 214)} % 40) / 100.0, 2),
         case when ${hash('i', 215)} % 10 < 7 then ${pick(PREFERRED, 'i', 216)} end,
         ${images},
         case when i % 3 = 0 then jsonb_build_object('fileId', ${idOf('f3', 'i')},
           'url', '/api/files/' || ${idOf('f3', 'i')}, 'name', 'specification-' || i || '.pdf') end,
         case when ${hash('i', 217)} % 10 < 7 then ((${hash('i', 218)} % 501) / 100.0)::numeric(3,2) end,
         i % 50 = 0, case when i % 50 = 0 then t.updated end, case when i % 50 = 0 then ${userId('t.editor')} end,
         ${userId('t.creator')}, ${userId('t.editor')}, t.created, t.updated
       from (
         select i, p, (${arr(PRODUCTS.map((x) => String(x[4])))})[p]::numeric as price,
           ${hash('i', 219)} % 100 as s, ${someUser('i', 220, scale)} as creator,
           ${someUser('i', 221, scale)} as editor, created,
           created + (now() - created) * ((${hash('i', 222)} % 1000) / 1000.0) as updated
         from (
           select i, 1 + ${hash('i', 200)} % ${PRODUCTS.length} as p, ${pastTime('i', 223, 730)} as created
           from generate_series($FROM, $TO) i
         ) r
       ) t;
       -- Stock: 80% of items bought at some time (up to 500), some of it sold; a price to show for 95%.
       insert into product_stocks (id, item_id, total_purchased, total_sold, current_stock, last_purchased_stock,
         last_sold_stock, last_purchase_price, average_purchase_price, last_gst, price_to_show, is_deleted,
         deleted_at, deleted_by, created_by, updated_by, created_at, updated_at)
       select ${idOf(STOCK_TAG, 's.sku')}, s.id, s.bought, s.sold, s.bought - s.sold,
         case when s.bought > 0 then least(s.bought, 5 + ${hash('s.sku', 232)} % 50) else 0 end,
         case when s.sold > 0 then least(s.sold, 1 + ${hash('s.sku', 233)} % 20) else 0 end,
         case when s.bought > 0 then round(s.target_price * 0.72, 2) else 0 end,
         case when s.bought > 0 then round(s.target_price * 0.70, 2) else 0 end,
         case when s.bought > 0 then s.gst end,
         case when ${hash('s.sku', 234)} % 20 <> 0 then round(s.target_price * (105 + ${hash('s.sku', 235)} % 30) / 100.0, 2) else 0 end,
         s.is_deleted, s.deleted_at, s.deleted_by, s.created_by, s.updated_by, s.created_at, s.updated_at
       from (
         select it.*, b.bought, (b.bought * (${hash('it.sku', 231)} % 90) / 100)::int as sold
         from product_items it,
           lateral (select case when ${hash('it.sku', 230)} % 5 = 0 then 0 else 1 + ${hash('it.sku', 236)} % 500 end as bought) b
         where it.sku between $FROM and $TO
       ) s`,
      progress,
    );
    await sql.exec(`select setval('product_item_sku_seq', (select max(sku) from product_items))`);
  },
};
