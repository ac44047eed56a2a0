import { describe, expect, it } from 'vitest';
import { HubSpotStore, initialHubSpotData } from './store.ts';

describe('HubSpot stand-in portal ids', () => {
  it('hands out a portal id no other stand-in in the process has, as HubSpot does', () => {
    const first = new HubSpotStore(initialHubSpotData()).createPortal();
    const second = new HubSpotStore(initialHubSpotData()).createPortal();
    expect(second.id).toBeGreaterThan(first.id);
  });

  it('keeps numbering a saved stand-in after its own portals', () => {
    const saved = new HubSpotStore(initialHubSpotData());
    const before = saved.createPortal();
    const reloaded = new HubSpotStore(structuredClone(saved.data));
    const after = reloaded.createPortal();
    expect(after.id).toBeGreaterThan(before.id);
    expect(Object.keys(reloaded.data.portals)).toEqual([String(before.id), String(after.id)]);
  });

  it('numbers a fresh stand-in past every portal a saved one in the process holds', () => {
    const data = initialHubSpotData();
    data.nextPortalId = 90_000_000;
    new HubSpotStore(data);
    expect(new HubSpotStore(initialHubSpotData()).createPortal().id).toBeGreaterThanOrEqual(90_000_000);
  });
});
