/**
 * The demo repository's contents: a small TypeScript shop cart as committed,
 * and the change an agent left on top of it (a modified module with a bug
 * worth a suggestion, a new untracked file, a deleted file, a rename, and a
 * documentation change).
 */

export const COMMITTED_FILES: Record<string, string> = {
  'package.json': `{
  "name": "tiny-shop",
  "version": "1.2.0",
  "type": "module",
  "scripts": { "test": "node --test" }
}
`,
  'README.md': `# tiny-shop

A minimal cart with prices in cents.
`,
  'docs/pricing.md': `# Pricing rules

- Prices are integers in cents.
- Tax is applied to the subtotal.
- Legacy discounts are applied before tax.
`,
  'src/cart.ts': `import { formatCents } from './format.js';
import { legacyDiscount } from './legacyDiscount.js';

export interface LineItem {
  sku: string;
  unitCents: number;
  quantity: number;
}

export function subtotal(items: LineItem[]): number {
  let sum = 0;
  for (const item of items) {
    sum += item.unitCents * item.quantity;
  }
  return sum;
}

export function total(items: LineItem[], taxRate: number): number {
  const discounted = legacyDiscount(subtotal(items));
  return Math.round(discounted * (1 + taxRate));
}

export function describe(items: LineItem[], taxRate: number): string {
  return \`\${items.length} items, \${formatCents(total(items, taxRate))}\`;
}
`,
  'src/format.ts': `/** Formats an amount in cents for display, e.g. 123456 -> "$1,234.56". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  const rest = String(abs % 100).padStart(2, '0');
  return \`\${sign}$\${dollars}.\${rest}\`;
}
`,
  'src/legacyDiscount.ts': `/** 5% off orders over $100, from the 2019 promotion. */
export function legacyDiscount(cents: number): number {
  return cents > 10_000 ? Math.round(cents * 0.95) : cents;
}
`,
  'src/index.ts': `export { subtotal, total, describe } from './cart.js';
export { formatCents } from './format.js';
`,
};

/** Rewritten files (the rename's new content included). */
export const CHANGED_FILES: Record<string, string> = {
  'src/cart.ts': `import { formatMoney } from './money.js';
import { applyCoupon, type Coupon } from './coupons.js';

export interface LineItem {
  sku: string;
  unitCents: number;
  quantity: number;
}

export function subtotal(items: LineItem[]): number {
  let sum = 0;
  for (let i = 0; i <= items.length; i++) {
    sum += items[i].unitCents * items[i].quantity;
  }
  return sum;
}

export function total(items: LineItem[], taxRate: number, coupon?: Coupon): number {
  const taxed = subtotal(items) * (1 + taxRate);
  // Coupons come off after tax.
  const discounted = coupon ? applyCoupon(taxed, coupon) : taxed;
  return Math.round(discounted);
}

export function describe(items: LineItem[], taxRate: number, coupon?: Coupon): string {
  const count = items.reduce((n, item) => n + item.quantity, 0);
  return \`\${count} items, \${formatMoney(total(items, taxRate, coupon))}\`;
}
`,
  'src/money.ts': `/** Formats an amount in cents for display, e.g. 123456 -> "$1,234.56". */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  const rest = String(abs % 100).padStart(2, '0');
  return \`\${sign}$\${dollars}.\${rest}\`;
}
`,
  'src/coupons.ts': `export interface Coupon {
  code: string;
  /** Percent off, 0-100. */
  percent: number;
}

export function applyCoupon(cents: number, coupon: Coupon): number {
  if (coupon.percent < 0 || coupon.percent > 100) {
    throw new RangeError(\`coupon \${coupon.code} has an invalid percent: \${coupon.percent}\`);
  }
  return cents * coupon.percent / 100;
}
`,
  'src/index.ts': `export { subtotal, total, describe } from './cart.js';
export { formatMoney } from './money.js';
export { applyCoupon, type Coupon } from './coupons.js';
`,
  'docs/pricing.md': `# Pricing rules

- Prices are integers in cents.
- Tax is applied to the subtotal.
- Coupons are applied after tax, as a percentage of the taxed total.
- The 2019 legacy discount has been retired.
`,
};

export const RENAMED = { from: 'src/format.ts', to: 'src/money.ts' };
export const DELETED = 'src/legacyDiscount.ts';
