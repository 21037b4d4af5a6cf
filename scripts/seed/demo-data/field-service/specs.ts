import type { DemoCity } from './catalogue.ts';

/** The shape and size of one demo workspace. */
export interface DemoWorkspaceSpec {
  seed: number;
  slug: string;
  name: string;
  email: string;
  emailDomain: string;
  websiteUrl: string;
  areaCode: string;
  timeZone: string;
  currency: string;
  taxName: string;
  taxBasisPoints: number;
  industries: readonly string[];
  serviceArea: string;
  cities: readonly DemoCity[];
  customers: number;
  teamSize: number;
  jobs: number;
  leads: number;
  estimates: number;
  agreements: number;
}

/** The main demo business: a few hundred customers and a team of eight around Austin. */
export const primaryDemoWorkspace: DemoWorkspaceSpec = {
  seed: 20_261_124,
  slug: 'summit-home-services',
  name: 'Summit Home Services',
  email: 'office@summit-home.example',
  emailDomain: 'summit-home.example',
  websiteUrl: 'https://summit-home.example',
  areaCode: '512',
  timeZone: 'America/Chicago',
  currency: 'USD',
  taxName: 'Texas sales tax',
  taxBasisPoints: 825,
  industries: ['hvac', 'plumbing', 'electrical'],
  serviceArea: 'Austin, Round Rock, Cedar Park and Pflugerville, Texas',
  cities: [
    {
      city: 'Austin',
      region: 'TX',
      postalCodes: ['78701', '78704', '78745', '78751', '78757'],
      latitude: 30.27,
      longitude: -97.74,
    },
    { city: 'Round Rock', region: 'TX', postalCodes: ['78664', '78665', '78681'], latitude: 30.51, longitude: -97.68 },
    { city: 'Cedar Park', region: 'TX', postalCodes: ['78613'], latitude: 30.51, longitude: -97.82 },
    { city: 'Pflugerville', region: 'TX', postalCodes: ['78660'], latitude: 30.44, longitude: -97.62 },
  ],
  customers: 300,
  teamSize: 8,
  jobs: 520,
  leads: 80,
  estimates: 120,
  agreements: 40,
};

/** A second, smaller business in another time zone, so that tenant isolation can be seen. */
const secondaryDemoWorkspace: DemoWorkspaceSpec = {
  seed: 20_261_125,
  slug: 'harbor-plumbing',
  name: 'Harbor Plumbing Co.',
  email: 'dispatch@harbor-plumbing.example',
  emailDomain: 'harbor-plumbing.example',
  websiteUrl: 'https://harbor-plumbing.example',
  areaCode: '619',
  timeZone: 'America/Los_Angeles',
  currency: 'USD',
  taxName: 'San Diego sales tax',
  taxBasisPoints: 775,
  industries: ['plumbing'],
  serviceArea: 'San Diego and Chula Vista, California',
  cities: [
    { city: 'San Diego', region: 'CA', postalCodes: ['92101', '92103', '92116'], latitude: 32.72, longitude: -117.16 },
    { city: 'Chula Vista', region: 'CA', postalCodes: ['91910', '91911'], latitude: 32.64, longitude: -117.08 },
  ],
  customers: 40,
  teamSize: 5,
  jobs: 60,
  leads: 12,
  estimates: 15,
  agreements: 6,
};

export const demoWorkspaceSpecs = { primary: primaryDemoWorkspace, secondary: secondaryDemoWorkspace } as const;
export type DemoWorkspaceName = keyof typeof demoWorkspaceSpecs;
