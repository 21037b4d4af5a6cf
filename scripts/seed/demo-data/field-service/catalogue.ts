/** Word lists and price-book contents of the demo workspaces: a home-services (HVAC, plumbing, electrical) company. */

export const firstNames = [
  'Ava',
  'Liam',
  'Maya',
  'Noah',
  'Sofia',
  'Ethan',
  'Isabella',
  'Lucas',
  'Mia',
  'Mateo',
  'Harper',
  'Elijah',
  'Camila',
  'James',
  'Aria',
  'Benjamin',
  'Luna',
  'Henry',
  'Chloe',
  'Daniel',
  'Grace',
  'Samuel',
  'Zoe',
  'David',
  'Nora',
  'Joseph',
  'Elena',
  'Carter',
  'Lily',
  'Owen',
  'Hannah',
  'Wyatt',
  'Priya',
  'Diego',
  'Fatima',
  'Kenji',
  'Olivia',
  'Marcus',
  'Rosa',
  'Tyler',
] as const;

export const lastNames = [
  'Garcia',
  'Johnson',
  'Nguyen',
  'Smith',
  'Martinez',
  'Brown',
  'Lee',
  'Davis',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Patel',
  'Moore',
  'Jackson',
  'Martin',
  'Hernandez',
  'Clark',
  'Lewis',
  'Walker',
  'Hall',
  'Young',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Hill',
  'Green',
  'Adams',
  'Baker',
  'Rivera',
  'Campbell',
  'Kim',
  'Okafor',
  'Schmidt',
  'Rossi',
] as const;

export const streetNames = [
  'Oak',
  'Maple',
  'Cedar',
  'Pecan',
  'Willow',
  'Elm',
  'Juniper',
  'Mesquite',
  'Bluebonnet',
  'Live Oak',
  'Barton',
  'Lamar',
  'Riverside',
  'Sunset',
  'Hillcrest',
  'Lakeview',
  'Ridgeline',
  'Canyon',
  'Prairie',
  'Magnolia',
] as const;
export const streetSuffixes = ['St', 'Ave', 'Dr', 'Ln', 'Blvd', 'Ct', 'Way', 'Trail'] as const;

export interface DemoCity {
  city: string;
  region: string;
  postalCodes: readonly string[];
  latitude: number;
  longitude: number;
}

export const companySuffixes = ['LLC', 'Properties', 'Holdings', 'Dental', 'Cafe', 'Realty', 'Management'] as const;

export const tagNames = [
  'VIP',
  'Commercial',
  'Residential',
  'Maintenance plan',
  'Pets on site',
  'Gate code',
  'Referral',
  'Net 30',
] as const;

export const leadSources = [
  { name: 'Google Ads', channel: 'paid' },
  { name: 'Website form', channel: 'web' },
  { name: 'Referral', channel: 'word_of_mouth' },
  { name: 'Yelp', channel: 'directory' },
  { name: 'Nextdoor', channel: 'social' },
  { name: 'Repeat customer', channel: 'existing' },
] as const;

export const jobTypes = [
  { name: 'AC repair', minutes: 120, color: '#2563eb' },
  { name: 'Furnace tune-up', minutes: 90, color: '#dc2626' },
  { name: 'Water heater install', minutes: 240, color: '#0891b2' },
  { name: 'Drain cleaning', minutes: 60, color: '#16a34a' },
  { name: 'Leak repair', minutes: 90, color: '#0d9488' },
  { name: 'Panel upgrade', minutes: 360, color: '#ca8a04' },
  { name: 'Outlet and switch repair', minutes: 60, color: '#9333ea' },
  { name: 'Maintenance visit', minutes: 60, color: '#64748b' },
] as const;

export interface DemoPriceBookEntry {
  kind: 'service' | 'material';
  name: string;
  category: string;
  unit: string;
  priceMinor: number;
  costMinor?: number;
  taxable: boolean;
}

export const priceBook: readonly DemoPriceBookEntry[] = [
  { kind: 'service', name: 'Diagnostic visit', category: 'General', unit: 'each', priceMinor: 8_900, taxable: false },
  {
    kind: 'service',
    name: 'Labor, standard hour',
    category: 'General',
    unit: 'hour',
    priceMinor: 12_500,
    taxable: false,
  },
  {
    kind: 'service',
    name: 'Labor, after-hours hour',
    category: 'General',
    unit: 'hour',
    priceMinor: 18_500,
    taxable: false,
  },
  { kind: 'service', name: 'AC tune-up', category: 'HVAC', unit: 'each', priceMinor: 14_900, taxable: false },
  { kind: 'service', name: 'Furnace tune-up', category: 'HVAC', unit: 'each', priceMinor: 12_900, taxable: false },
  { kind: 'service', name: 'Refrigerant recharge', category: 'HVAC', unit: 'each', priceMinor: 32_500, taxable: false },
  { kind: 'service', name: 'Duct cleaning', category: 'HVAC', unit: 'each', priceMinor: 45_000, taxable: false },
  {
    kind: 'service',
    name: 'Drain cleaning, main line',
    category: 'Plumbing',
    unit: 'each',
    priceMinor: 27_500,
    taxable: false,
  },
  {
    kind: 'service',
    name: 'Water heater flush',
    category: 'Plumbing',
    unit: 'each',
    priceMinor: 11_900,
    taxable: false,
  },
  {
    kind: 'service',
    name: 'Water heater installation',
    category: 'Plumbing',
    unit: 'each',
    priceMinor: 95_000,
    taxable: false,
  },
  { kind: 'service', name: 'Leak detection', category: 'Plumbing', unit: 'each', priceMinor: 19_900, taxable: false },
  {
    kind: 'service',
    name: 'Panel upgrade, 200 A',
    category: 'Electrical',
    unit: 'each',
    priceMinor: 240_000,
    taxable: false,
  },
  {
    kind: 'service',
    name: 'Outlet replacement',
    category: 'Electrical',
    unit: 'each',
    priceMinor: 9_500,
    taxable: false,
  },
  {
    kind: 'service',
    name: 'Ceiling fan installation',
    category: 'Electrical',
    unit: 'each',
    priceMinor: 17_500,
    taxable: false,
  },
  {
    kind: 'material',
    name: 'Air filter 16x25x1 MERV 11',
    category: 'HVAC',
    unit: 'each',
    priceMinor: 2_400,
    costMinor: 900,
    taxable: true,
  },
  {
    kind: 'material',
    name: 'Capacitor 45/5 uF',
    category: 'HVAC',
    unit: 'each',
    priceMinor: 8_900,
    costMinor: 1_800,
    taxable: true,
  },
  {
    kind: 'material',
    name: 'Contactor 30 A',
    category: 'HVAC',
    unit: 'each',
    priceMinor: 7_500,
    costMinor: 1_500,
    taxable: true,
  },
  {
    kind: 'material',
    name: 'R-410A refrigerant',
    category: 'HVAC',
    unit: 'lb',
    priceMinor: 9_500,
    costMinor: 2_500,
    taxable: true,
  },
  {
    kind: 'material',
    name: 'Smart thermostat',
    category: 'HVAC',
    unit: 'each',
    priceMinor: 24_900,
    costMinor: 13_000,
    taxable: true,
  },
  {
    kind: 'material',
    name: 'Water heater 50 gal gas',
    category: 'Plumbing',
    unit: 'each',
    priceMinor: 129_000,
    costMinor: 72_000,
    taxable: true,
  },
  {
    kind: 'material',
    name: 'PEX pipe 1/2 in',
    category: 'Plumbing',
    unit: 'ft',
    priceMinor: 150,
    costMinor: 45,
    taxable: true,
  },
  {
    kind: 'material',
    name: 'Ball valve 3/4 in',
    category: 'Plumbing',
    unit: 'each',
    priceMinor: 3_200,
    costMinor: 1_100,
    taxable: true,
  },
  {
    kind: 'material',
    name: 'Wax ring kit',
    category: 'Plumbing',
    unit: 'each',
    priceMinor: 1_500,
    costMinor: 400,
    taxable: true,
  },
  {
    kind: 'material',
    name: 'GFCI outlet 20 A',
    category: 'Electrical',
    unit: 'each',
    priceMinor: 3_900,
    costMinor: 1_600,
    taxable: true,
  },
  {
    kind: 'material',
    name: 'Breaker 20 A',
    category: 'Electrical',
    unit: 'each',
    priceMinor: 2_900,
    costMinor: 900,
    taxable: true,
  },
  {
    kind: 'material',
    name: 'Romex 12/2',
    category: 'Electrical',
    unit: 'ft',
    priceMinor: 120,
    costMinor: 55,
    taxable: true,
  },
];

export const equipmentTypes = [
  { type: 'Air conditioner', makes: ['Carrier', 'Trane', 'Lennox', 'Goodman'] },
  { type: 'Furnace', makes: ['Carrier', 'Rheem', 'Lennox'] },
  { type: 'Water heater', makes: ['Rheem', 'A. O. Smith', 'Bradford White'] },
  { type: 'Electrical panel', makes: ['Square D', 'Siemens', 'Eaton'] },
  { type: 'Thermostat', makes: ['Ecobee', 'Nest', 'Honeywell'] },
] as const;

export const teamRoles = ['technician', 'technician', 'technician', 'dispatcher', 'manager', 'office'] as const;
export const skills = ['hvac', 'plumbing', 'electrical', 'gas', 'backflow', 'commercial'] as const;

export const noteTexts = [
  'Customer asked us to call 30 minutes before arrival.',
  'Side gate code is on file; dog in the back yard.',
  'Replaced the part under warranty; customer informed.',
  'Recommended a follow-up visit in six months.',
  'Parts on order, expected within three business days.',
  'Customer approved the repair over the phone.',
] as const;

export const reviewComments = [
  'On time, explained everything and cleaned up after the job.',
  'Fair price and quick repair. Will call again.',
  'The technician was friendly and very knowledgeable.',
  'Took longer than expected but the result is great.',
  'Arrived late and had to come back for a part.',
  'Excellent service from booking to payment.',
] as const;
