/**
 * The vocabulary of the generated directory: trades with their services, and metro areas with
 * real cities, ZIP codes, area codes and coordinates, so demo listings look like the real thing.
 */

export interface Industry {
  key: string;
  label: string;
  /** What goes after a prefix in a business name: "Apex <Heating & Air>". */
  nouns: readonly string[];
  services: readonly string[];
  /** Completes "We specialise in ..." style sentences. */
  specialty: string;
}

export interface City {
  name: string;
  state: string;
  zips: readonly string[];
  lat: number;
  lng: number;
}

export interface Metro {
  key: string;
  label: string;
  areaCode: string;
  /** Regional words businesses name themselves after. */
  local: readonly string[];
  cities: readonly City[];
}

export const industries: readonly Industry[] = [
  {
    key: 'hvac', label: 'HVAC', specialty: 'heating and air conditioning',
    nouns: ['Heating & Air', 'Heating & Cooling', 'Air Conditioning', 'HVAC', 'Comfort Systems', 'Climate Control'],
    services: ['AC repair', 'AC installation', 'Furnace repair', 'Furnace installation', 'Heat pump service', 'Duct cleaning',
      'Thermostat installation', 'Indoor air quality', 'Maintenance plans', 'Emergency service', 'Mini-split installation', 'Boiler service'],
  },
  {
    key: 'plumbing', label: 'Plumbing', specialty: 'residential and commercial plumbing',
    nouns: ['Plumbing', 'Plumbing & Drain', 'Rooter', 'Plumbing Services', 'Pipe Works'],
    services: ['Drain cleaning', 'Water heater repair', 'Tankless water heaters', 'Leak detection', 'Sewer line repair', 'Repiping',
      'Toilet repair', 'Faucet installation', 'Garbage disposal repair', 'Emergency plumbing', 'Sump pumps', 'Gas line service'],
  },
  {
    key: 'electrical', label: 'Electrical', specialty: 'licensed electrical work',
    nouns: ['Electric', 'Electrical Services', 'Electrical Contractors', 'Power & Light', 'Wiring'],
    services: ['Panel upgrades', 'EV charger installation', 'Lighting installation', 'Ceiling fan installation', 'Generator installation',
      'Outlet and switch repair', 'Whole-home rewiring', 'Surge protection', 'Electrical inspections', 'Smoke detector installation', 'Landscape lighting'],
  },
  {
    key: 'roofing', label: 'Roofing', specialty: 'roof repair and replacement',
    nouns: ['Roofing', 'Roofing & Exteriors', 'Roof Pros', 'Roofing Contractors'],
    services: ['Roof replacement', 'Roof repair', 'Storm damage repair', 'Shingle roofing', 'Metal roofing', 'Flat roofing', 'Roof inspections',
      'Gutter installation', 'Skylight installation', 'Insurance claims help', 'Attic ventilation'],
  },
  {
    key: 'landscaping', label: 'Landscaping', specialty: 'lawn care and landscaping',
    nouns: ['Landscaping', 'Lawn & Landscape', 'Lawn Care', 'Outdoor Living', 'Gardens'],
    services: ['Lawn mowing', 'Landscape design', 'Irrigation systems', 'Sod installation', 'Tree trimming', 'Mulching', 'Hardscaping',
      'Patio installation', 'Leaf removal', 'Fertilization', 'Drainage solutions'],
  },
  {
    key: 'cleaning', label: 'Cleaning', specialty: 'home and office cleaning',
    nouns: ['Cleaning', 'Maids', 'Cleaning Services', 'Janitorial', 'Home Cleaning'],
    services: ['House cleaning', 'Deep cleaning', 'Move-out cleaning', 'Office cleaning', 'Carpet cleaning', 'Window cleaning',
      'Post-construction cleaning', 'Recurring cleaning', 'Upholstery cleaning', 'Pressure washing'],
  },
  {
    key: 'pest-control', label: 'Pest Control', specialty: 'pest and termite control',
    nouns: ['Pest Control', 'Exterminators', 'Pest Solutions', 'Termite & Pest'],
    services: ['Termite treatment', 'Ant control', 'Rodent control', 'Mosquito control', 'Bed bug treatment', 'Cockroach control',
      'Wildlife removal', 'Bee and wasp removal', 'Quarterly pest plans', 'Flea and tick treatment'],
  },
  {
    key: 'garage-doors', label: 'Garage Doors', specialty: 'garage door repair and installation',
    nouns: ['Garage Doors', 'Garage Door Repair', 'Overhead Door', 'Door Pros'],
    services: ['Garage door repair', 'Spring replacement', 'Opener installation', 'Opener repair', 'New garage doors', 'Cable and roller repair',
      'Off-track door repair', 'Keypad installation', 'Weather seal replacement', 'Commercial doors'],
  },
  {
    key: 'appliance-repair', label: 'Appliance Repair', specialty: 'appliance repair for every major brand',
    nouns: ['Appliance Repair', 'Appliance Service', 'Appliance Pros', 'Appliance Doctors'],
    services: ['Refrigerator repair', 'Washer repair', 'Dryer repair', 'Dishwasher repair', 'Oven and range repair', 'Microwave repair',
      'Ice maker repair', 'Freezer repair', 'Dryer vent cleaning', 'Cooktop repair'],
  },
  {
    key: 'painting', label: 'Painting', specialty: 'interior and exterior painting',
    nouns: ['Painting', 'Painters', 'Painting & Drywall', 'Paint Co.'],
    services: ['Interior painting', 'Exterior painting', 'Cabinet painting', 'Drywall repair', 'Deck staining', 'Wallpaper removal',
      'Popcorn ceiling removal', 'Commercial painting', 'Color consultation', 'Pressure washing'],
  },
];

const city = (name: string, state: string, zips: string[], lat: number, lng: number): City => ({ name, state, zips, lat, lng });

export const metros: readonly Metro[] = [
  { key: 'austin', label: 'Austin, TX', areaCode: '512', local: ['Lone Star', 'Hill Country', 'Capital City'], cities: [
    city('Austin', 'TX', ['78701', '78704', '78745', '78757'], 30.2672, -97.7431), city('Round Rock', 'TX', ['78664', '78681'], 30.5083, -97.6789),
    city('Cedar Park', 'TX', ['78613'], 30.5052, -97.8203), city('Pflugerville', 'TX', ['78660'], 30.4394, -97.62)] },
  { key: 'dallas-fort-worth', label: 'Dallas-Fort Worth, TX', areaCode: '214', local: ['Metroplex', 'Trinity', 'Big D'], cities: [
    city('Dallas', 'TX', ['75201', '75204', '75214', '75230'], 32.7767, -96.797), city('Plano', 'TX', ['75023', '75074', '75093'], 33.0198, -96.6989),
    city('Fort Worth', 'TX', ['76102', '76107', '76116'], 32.7555, -97.3308), city('Irving', 'TX', ['75038', '75061'], 32.814, -96.9489)] },
  { key: 'houston', label: 'Houston, TX', areaCode: '713', local: ['Bayou City', 'Gulf Coast', 'Space City'], cities: [
    city('Houston', 'TX', ['77002', '77007', '77019', '77056'], 29.7604, -95.3698), city('Katy', 'TX', ['77449', '77494'], 29.7858, -95.8245),
    city('Sugar Land', 'TX', ['77478', '77479'], 29.6197, -95.6349), city('The Woodlands', 'TX', ['77380', '77382'], 30.1658, -95.4613)] },
  { key: 'phoenix', label: 'Phoenix, AZ', areaCode: '602', local: ['Desert', 'Valley of the Sun', 'Saguaro'], cities: [
    city('Phoenix', 'AZ', ['85003', '85016', '85032'], 33.4484, -112.074), city('Scottsdale', 'AZ', ['85251', '85254', '85260'], 33.4942, -111.9261),
    city('Mesa', 'AZ', ['85201', '85204', '85210'], 33.4152, -111.8315), city('Chandler', 'AZ', ['85224', '85226', '85249'], 33.3062, -111.8413)] },
  { key: 'denver', label: 'Denver, CO', areaCode: '303', local: ['Mile High', 'Front Range', 'Rocky Mountain'], cities: [
    city('Denver', 'CO', ['80202', '80205', '80210', '80220'], 39.7392, -104.9903), city('Aurora', 'CO', ['80010', '80012', '80014'], 39.7294, -104.8319),
    city('Lakewood', 'CO', ['80226', '80227'], 39.7047, -105.0814), city('Littleton', 'CO', ['80120', '80122'], 39.6133, -105.0166)] },
  { key: 'atlanta', label: 'Atlanta, GA', areaCode: '404', local: ['Peachtree', 'Southern', 'Chattahoochee'], cities: [
    city('Atlanta', 'GA', ['30303', '30308', '30318', '30326'], 33.749, -84.388), city('Marietta', 'GA', ['30060', '30062', '30064'], 33.9526, -84.5499),
    city('Decatur', 'GA', ['30030', '30033'], 33.7748, -84.2963), city('Alpharetta', 'GA', ['30004', '30009', '30022'], 34.0754, -84.2941)] },
  { key: 'charlotte', label: 'Charlotte, NC', areaCode: '704', local: ['Queen City', 'Carolina', 'Piedmont'], cities: [
    city('Charlotte', 'NC', ['28202', '28203', '28205', '28210'], 35.2271, -80.8431), city('Matthews', 'NC', ['28104', '28105'], 35.1168, -80.7237),
    city('Concord', 'NC', ['28025', '28027'], 35.4088, -80.5795), city('Huntersville', 'NC', ['28078'], 35.4107, -80.8429)] },
  { key: 'nashville', label: 'Nashville, TN', areaCode: '615', local: ['Music City', 'Cumberland', 'Volunteer'], cities: [
    city('Nashville', 'TN', ['37203', '37206', '37211', '37215'], 36.1627, -86.7816), city('Franklin', 'TN', ['37064', '37067', '37069'], 35.9251, -86.8689),
    city('Murfreesboro', 'TN', ['37128', '37129', '37130'], 35.8456, -86.3903), city('Hendersonville', 'TN', ['37075'], 36.3048, -86.62)] },
  { key: 'tampa-bay', label: 'Tampa Bay, FL', areaCode: '813', local: ['Sunshine', 'Gulf Breeze', 'Bayside'], cities: [
    city('Tampa', 'FL', ['33602', '33606', '33609', '33618'], 27.9506, -82.4572), city('St. Petersburg', 'FL', ['33701', '33704', '33713'], 27.7676, -82.6403),
    city('Clearwater', 'FL', ['33755', '33756', '33761'], 27.9659, -82.8001), city('Brandon', 'FL', ['33510', '33511'], 27.9378, -82.2859)] },
  { key: 'seattle', label: 'Seattle, WA', areaCode: '206', local: ['Emerald City', 'Puget Sound', 'Cascade'], cities: [
    city('Seattle', 'WA', ['98101', '98103', '98107', '98115'], 47.6062, -122.3321), city('Bellevue', 'WA', ['98004', '98006', '98008'], 47.6101, -122.2015),
    city('Tacoma', 'WA', ['98402', '98405', '98406'], 47.2529, -122.4443), city('Redmond', 'WA', ['98052', '98053'], 47.674, -122.1215)] },
  { key: 'chicago', label: 'Chicago, IL', areaCode: '312', local: ['Windy City', 'Lakeshore', 'Prairie'], cities: [
    city('Chicago', 'IL', ['60601', '60614', '60618', '60657'], 41.8781, -87.6298), city('Naperville', 'IL', ['60540', '60563', '60565'], 41.7508, -88.1535),
    city('Evanston', 'IL', ['60201', '60202'], 42.0451, -87.6877), city('Schaumburg', 'IL', ['60173', '60193', '60194'], 42.0334, -88.0834)] },
  { key: 'columbus', label: 'Columbus, OH', areaCode: '614', local: ['Buckeye', 'Scioto', 'Heartland'], cities: [
    city('Columbus', 'OH', ['43201', '43205', '43215', '43221'], 39.9612, -82.9988), city('Dublin', 'OH', ['43016', '43017'], 40.0992, -83.1141),
    city('Westerville', 'OH', ['43081', '43082'], 40.1262, -82.9291), city('Grove City', 'OH', ['43123'], 39.8814, -83.093)] },
];

export const namePrefixes = [
  'Apex', 'Summit', 'Reliable', 'Precision', 'Blue Sky', 'Evergreen', 'Cornerstone', 'Liberty', 'Patriot', 'Allstar', 'Northstar',
  'Ironclad', 'Bright', 'Clearwater', 'Heritage', 'Keystone', 'Pioneer', 'Premier', 'Quality First', 'Red Oak', 'Silverline',
  'True North', 'Anchor', 'Benchmark', 'Frontier', 'Golden Rule', 'Honest', 'Integrity', 'Lakeside', 'Main Street', 'Neighborly',
  'On Point', 'Prime', 'Rapid', 'Sterling', 'Superior', 'Valley', 'Westside', 'Eastside', 'Citywide', 'Hometown', 'Elite',
] as const;

export const surnames = [
  'Smith', 'Johnson', 'Garcia', 'Martinez', 'Nguyen', 'Patel', 'Brown', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Thomas', 'Jackson',
  'Lopez', 'Hernandez', 'Moore', 'Taylor', 'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'King', 'Wright', 'Scott', 'Green', 'Baker',
  'Adams', 'Nelson', 'Carter', 'Mitchell', 'Perez', 'Roberts', 'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans', 'Collins', 'Reyes',
  'Kim', 'Murphy', 'Cooper', 'Rivera', 'Brooks', 'Sanders', 'Price', 'Bennett', 'Wood', 'Ross', 'Henderson', 'Coleman', 'Foster', 'Ramirez',
] as const;

export const nameSuffixes = ['LLC', 'Co.', 'Inc.', 'Pros', 'Experts', 'Services', 'Solutions', 'Group'] as const;

export const streets = [
  'Main', 'Oak', 'Maple', 'Cedar', 'Elm', 'Pine', 'Walnut', 'Lakeview', 'Hillcrest', 'Sunset', 'Park', 'Washington', 'Lincoln',
  'Jefferson', 'Highland', 'Meadow', 'Ridge', 'Forest', 'Willow', 'Commerce', 'Industrial', 'Airport', 'Market', 'Spring', 'River',
] as const;

export const streetTypes = ['St', 'Ave', 'Blvd', 'Rd', 'Dr', 'Ln', 'Pkwy', 'Way', 'Ct'] as const;

export const openers = [
  'Family-owned', 'Locally owned', 'Veteran-owned', 'Licensed and insured', 'Award-winning', 'Owner-operated', 'Independent',
] as const;

export const promises = [
  'Upfront pricing with no surprises.', 'Same-day appointments available.', 'Free estimates on every job.',
  'Satisfaction guaranteed on all work.', 'Available evenings and weekends.', 'Financing available for larger projects.',
  'Background-checked, uniformed technicians.', '24/7 emergency response.',
] as const;
