import { describe, expect, it, vi } from 'vitest';
import { builtOnFirstUse, lazySchema } from './lazy-schema';
import { z } from './zod-german';
import { TariffHistorySchema, TariffSchema } from './tariffs';

const buildPoint = () => z.object({ von: z.iso.date(), preis: z.number().min(0) });

describe('a schema built on first use, as in a browser', () => {
  it('is built at its first use, once, not when it is made', () => {
    const build = vi.fn(buildPoint);
    const schema = builtOnFirstUse(build);
    expect(build).not.toHaveBeenCalled();

    expect(schema.parse({ von: '2026-11-28', preis: 0.3 })).toEqual({
      von: '2026-11-28',
      preis: 0.3,
    });
    expect(schema.safeParse({ von: '2026-11-28', preis: -1 }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('is the built schema to every user: its class, shape, methods and German messages', () => {
    const lazy = builtOnFirstUse(buildPoint);
    const eager = buildPoint();

    expect(lazy).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(lazy.shape)).toEqual(['von', 'preis']);
    expect(
      lazy.extend({ bis: z.string() }).parse({ von: '2026-11-28', preis: 1, bis: 'x' }),
    ).toEqual({ von: '2026-11-28', preis: 1, bis: 'x' });
    expect(lazy.optional().parse(undefined)).toBeUndefined();
    const refused = lazy.safeParse({ von: '2026-11-28', preis: -1 });
    expect(refused.error?.issues).toEqual(
      eager.safeParse({ von: '2026-11-28', preis: -1 }).error?.issues,
    );
    expect(refused.error?.issues[0]?.message).toBe('Die Angabe darf nicht negativ sein.');
  });

  it('checks inside other schemas, as an element or a field', () => {
    const point = builtOnFirstUse(buildPoint);
    const series = z.object({ punkte: z.array(point), erster: point.optional() });
    expect(series.safeParse({ punkte: [{ von: '2026-11-28', preis: 1 }] }).success).toBe(true);
    const refused = series.safeParse({ punkte: [{ von: '28.11.2026', preis: 1 }] });
    expect(refused.error?.issues[0]?.path).toEqual(['punkte', 0, 'von']);
  });

  it('is built at once where there is no document: on the server, for its routes', () => {
    const build = vi.fn(buildPoint);
    const schema = lazySchema(build);
    expect(build).toHaveBeenCalledTimes(1);
    // The schema itself, no proxy: zod's JSON Schema walk for the API document keys by identity.
    expect(schema).toBe(build.mock.results[0]?.value);
  });

  it('serves the contract’s schemas, which refer to each other', () => {
    const tariff = {
      name: 'Dynamisch',
      tariftyp: 'DYNAMISCHER_PREIS',
      arbeitspreis: null,
      grundpreis: 120,
      arbeitspreisNT: null,
      anteilNt: null,
      preisgarantietyp: null,
      istDynamisch: true,
      durchschnittlicherArbeitspreisVormonat: 0.28,
      durchschnittlicherArbeitspreisGesamt: 0.3,
      gueltigVon: '2026-01-01',
      gueltigBis: null,
    };
    expect(TariffHistorySchema.parse({ historie: [tariff] })).toEqual({ historie: [tariff] });
    expect(TariffSchema.safeParse({ ...tariff, gueltigVon: 'Januar' }).success).toBe(false);
  });
});
