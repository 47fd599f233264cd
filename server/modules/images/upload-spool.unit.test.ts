import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UploadSlots } from './upload-slots';
import { sweepStaleUploads, UploadSpool } from './upload-spool';

const root = path.join(mkdtempSync(path.join(os.tmpdir(), 'mkt-spool-')), 'tmp', 'uploads');
afterAll(() => rmSync(path.dirname(path.dirname(root)), { recursive: true, force: true }));

describe('UploadSpool', () => {
  it('creates its folder only when a file is needed, and removes all of it', async () => {
    const idle = new UploadSpool(root);
    await idle.remove();
    expect(existsSync(root)).toBe(false);

    const spool = new UploadSpool(root);
    const [a, b] = [await spool.nextPath(), await spool.nextPath()];
    expect(a).not.toBe(b);
    writeFileSync(a, 'one');
    writeFileSync(b, 'two');
    expect(readdirSync(root)).toHaveLength(1);
    await spool.remove();
    await spool.remove();
    expect(readdirSync(root)).toEqual([]);
  });

  it('sweeps folders older than the given age and keeps younger ones', async () => {
    const [old, young] = [new UploadSpool(root), new UploadSpool(root)];
    writeFileSync(await old.nextPath(), 'left by a crash');
    writeFileSync(await young.nextPath(), 'still arriving');
    const oldDir = readdirSync(root).map((name) => path.join(root, name));
    const hoursAgo = new Date(Date.now() - 7 * 3_600_000);
    const [first] = oldDir.sort();
    utimesSync(first as string, hoursAgo, hoursAgo);
    expect(await sweepStaleUploads(root, 6 * 3_600_000)).toBe(1);
    expect(readdirSync(root)).toHaveLength(1);
    expect(await sweepStaleUploads(path.join(root, 'missing'), 0)).toBe(0);
    await young.remove();
  });
});

describe('UploadSlots', () => {
  it('gives each user at most `perUser` slots, freed once each by their release', () => {
    const slots = new UploadSlots(2);
    const a = slots.tryTake(1);
    const b = slots.tryTake(1);
    expect(a && b).toBeTruthy();
    expect(slots.tryTake(1)).toBeNull();
    expect(slots.tryTake(2)).not.toBeNull();
    a?.();
    a?.();
    const c = slots.tryTake(1);
    expect(c).not.toBeNull();
    expect(slots.tryTake(1)).toBeNull();
  });
});
