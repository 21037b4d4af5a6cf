/**
 * The vocabulary of the generated government opportunities: field-service trades with their
 * NAICS and PSC codes, agencies, places and set-asides. Codes and labels are the real NAICS 2022
 * and PSC ones; agencies' office names and solicitation prefixes are made up but shaped like the
 * registry's.
 */

export interface ClassificationEntry {
  code: string;
  label: string;
  description: string;
}

export const NAICS: Record<string, ClassificationEntry> = Object.fromEntries(
  [
    [
      '236220',
      'Commercial and Institutional Building Construction',
      'General contractors for new work, additions, alterations and repairs of commercial and institutional buildings.',
    ],
    [
      '237310',
      'Highway, Street, and Bridge Construction',
      'Construction and repair of roads, streets, parking areas and bridges, including paving and striping.',
    ],
    ['238140', 'Masonry Contractors', 'Brick, block, stone and concrete masonry work, new and repair.'],
    ['238160', 'Roofing Contractors', 'Roofing installation, repair and replacement, including gutters and flashing.'],
    [
      '238210',
      'Electrical Contractors and Other Wiring Installation Contractors',
      'Electrical wiring, lighting, distribution and low-voltage systems.',
    ],
    [
      '238220',
      'Plumbing, Heating, and Air-Conditioning Contractors',
      'Plumbing, heating, ventilation, air-conditioning and fire sprinkler installation and service.',
    ],
    [
      '238290',
      'Other Building Equipment Contractors',
      'Elevators, escalators, building automation and other building equipment.',
    ],
    [
      '238320',
      'Painting and Wall Covering Contractors',
      'Interior and exterior painting, coatings and wall coverings.',
    ],
    ['238330', 'Flooring Contractors', 'Installation and repair of resilient flooring, carpet and tile.'],
    [
      '238990',
      'All Other Specialty Trade Contractors',
      'Specialty trade work not elsewhere classified, such as paving, fencing and concrete repair.',
    ],
    [
      '561210',
      'Facilities Support Services',
      'Operating staff for facilities: maintenance, custodial, grounds and utilities in combination.',
    ],
    [
      '561621',
      'Security Systems Services (except Locksmiths)',
      'Installing, monitoring and maintaining alarm, access control and video systems.',
    ],
    [
      '561710',
      'Exterminating and Pest Control Services',
      'Pest, termite and rodent control for buildings and grounds.',
    ],
    ['561720', 'Janitorial Services', 'Cleaning of building interiors, floors and windows.'],
    ['561730', 'Landscaping Services', 'Grounds maintenance, mowing, tree care and snow removal.'],
    ['562111', 'Solid Waste Collection', 'Collection and hauling of refuse and recyclables.'],
    [
      '811310',
      'Commercial and Industrial Machinery and Equipment (except Automotive and Electronic) Repair and Maintenance',
      'Repair and maintenance of commercial and industrial machinery, including HVAC and generator equipment.',
    ],
  ].map(([code, label, description]) => [code!, { code: code!, label: label!, description: description! }]),
);

export const PSC: Record<string, ClassificationEntry> = Object.fromEntries(
  [
    [
      '4130',
      'Refrigeration and Air Conditioning Components',
      'Supplies: parts for refrigeration and air-conditioning equipment.',
    ],
    ['4510', 'Plumbing Fixtures and Accessories', 'Supplies: plumbing fixtures, faucets and accessories.'],
    ['6210', 'Indoor and Outdoor Electric Lighting Fixtures', 'Supplies: lighting fixtures and LED retrofit kits.'],
    [
      'J035',
      'Maintenance, Repair and Rebuilding of Equipment: Service and Trade Equipment',
      'Services: maintenance and repair of service and trade equipment.',
    ],
    [
      'J041',
      'Maintenance, Repair and Rebuilding of Equipment: Refrigeration, Air Conditioning, and Air Circulating Equipment',
      'Services: HVAC and refrigeration maintenance and repair.',
    ],
    [
      'J042',
      'Maintenance, Repair and Rebuilding of Equipment: Fire Fighting/Rescue/Safety Equipment',
      'Services: fire suppression and life-safety equipment maintenance.',
    ],
    [
      'J045',
      'Maintenance, Repair and Rebuilding of Equipment: Plumbing, Heating, and Waste Disposal Equipment',
      'Services: plumbing, boiler and waste disposal equipment maintenance.',
    ],
    [
      'J059',
      'Maintenance, Repair and Rebuilding of Equipment: Electrical and Electronic Equipment Components',
      'Services: electrical equipment maintenance and repair.',
    ],
    [
      'J061',
      'Maintenance, Repair and Rebuilding of Equipment: Electric Wire and Power Distribution Equipment',
      'Services: generators, switchgear and power distribution maintenance.',
    ],
    [
      'J063',
      'Maintenance, Repair and Rebuilding of Equipment: Alarm, Signal, and Security Detection Systems',
      'Services: fire alarm, intrusion detection and access control maintenance.',
    ],
    ['S201', 'Housekeeping- Custodial Janitorial', 'Services: custodial and janitorial work.'],
    ['S205', 'Housekeeping- Trash/Garbage Collection', 'Services: refuse collection and disposal.'],
    ['S207', 'Housekeeping- Insect/Rodent Control', 'Services: pest management.'],
    ['S208', 'Housekeeping- Landscaping/Groundskeeping', 'Services: grounds maintenance and landscaping.'],
    ['S216', 'Housekeeping- Facilities Operations Support', 'Services: facilities operation and maintenance support.'],
    ['Y1JZ', 'Construction of Miscellaneous Buildings', 'Construction: new buildings not classified elsewhere.'],
    ['Z1AA', 'Maintenance of Office Buildings', 'Maintenance of office buildings.'],
    ['Z1JZ', 'Maintenance of Miscellaneous Buildings', 'Maintenance of buildings not classified elsewhere.'],
    [
      'Z1PZ',
      'Maintenance of Other Non-Building Facilities',
      'Maintenance of non-building facilities such as parking areas and fences.',
    ],
    ['Z2AA', 'Repair or Alteration of Office Buildings', 'Repair or alteration of office buildings.'],
    [
      'Z2JZ',
      'Repair or Alteration of Miscellaneous Buildings',
      'Repair or alteration of buildings not classified elsewhere.',
    ],
    [
      'Z2LB',
      'Repair or Alteration of Highways/Roads/Streets/Bridges/Railways',
      'Repair or alteration of roads, streets and parking areas.',
    ],
  ].map(([code, label, description]) => [code!, { code: code!, label: label!, description: description! }]),
);

export interface Trade {
  /** The `category` value. */
  category: string;
  naics: string[];
  psc: string[];
  titles: string[];
  tags: string[];
  /** What the contractor will do, for the description. */
  scope: string[];
}

export const TRADES: Trade[] = [
  {
    category: 'hvac',
    naics: ['238220', '238220', '811310'],
    psc: ['J041', 'J041', 'Z1AA', '4130'],
    titles: [
      'HVAC Preventive Maintenance Services',
      'Chiller Replacement',
      'Boiler Inspection and Repair',
      'Rooftop Unit Replacement',
      'Ductwork Cleaning and Repair',
      'Building Automation System Upgrade',
      'Cooling Tower Maintenance',
    ],
    tags: ['hvac', 'boilers', 'chillers', 'refrigeration', 'controls', 'ductwork'],
    scope: [
      'quarterly preventive maintenance of air handlers, chillers and boilers',
      'filter and belt replacement on a fixed schedule',
      'emergency service calls with a four-hour response time',
      'refrigerant recovery and leak testing under EPA Section 608',
    ],
  },
  {
    category: 'plumbing',
    naics: ['238220'],
    psc: ['J045', 'Z2AA', '4510'],
    titles: [
      'Plumbing Repair Services',
      'Backflow Preventer Testing',
      'Water Heater Replacement',
      'Sanitary Sewer Line Repair',
      'Restroom Fixture Replacement',
      'Domestic Water Piping Replacement',
    ],
    tags: ['plumbing', 'backflow', 'water-heaters', 'sewer', 'fixtures'],
    scope: [
      'annual backflow preventer testing and certification',
      'replacement of failed fixtures, valves and piping',
      'camera inspection and hydro-jetting of sewer lines',
      'water heater replacement including permits and disposal',
    ],
  },
  {
    category: 'electrical',
    naics: ['238210'],
    psc: ['J059', 'J061', 'Z2AA', '6210'],
    titles: [
      'Electrical Distribution Upgrade',
      'LED Lighting Retrofit',
      'Emergency Generator Maintenance',
      'Exterior Lighting Repair',
      'Electrical Panel Replacement',
      'Switchgear Testing and Maintenance',
    ],
    tags: ['electrical', 'lighting', 'generators', 'switchgear'],
    scope: [
      'replacement of interior fixtures with LED equivalents',
      'load bank testing of emergency generators',
      'infrared scanning and torque testing of switchgear',
      'panel and breaker replacement to current code',
    ],
  },
  {
    category: 'janitorial',
    naics: ['561720'],
    psc: ['S201'],
    titles: [
      'Custodial Services',
      'Janitorial Services',
      'Floor Care and Carpet Cleaning',
      'Window Washing Services',
      'Day Porter Services',
    ],
    tags: ['janitorial', 'custodial', 'floor-care', 'windows'],
    scope: [
      'nightly cleaning of offices, restrooms and common areas',
      'monthly strip and wax of resilient floors',
      'semi-annual interior and exterior window washing',
      'supply of consumables and green cleaning products',
    ],
  },
  {
    category: 'landscaping',
    naics: ['561730'],
    psc: ['S208'],
    titles: [
      'Grounds Maintenance Services',
      'Mowing and Landscaping',
      'Tree Trimming and Removal',
      'Snow Removal and Grounds Maintenance',
      'Irrigation System Repair',
    ],
    tags: ['landscaping', 'mowing', 'tree-care', 'snow-removal', 'irrigation'],
    scope: [
      'weekly mowing, edging and trimming during the growing season',
      'pruning and removal of hazardous trees',
      'snow plowing and de-icing of parking areas and walkways',
      'irrigation start-up, repair and winterization',
    ],
  },
  {
    category: 'roofing',
    naics: ['238160'],
    psc: ['Z2AA', 'Z2JZ'],
    titles: [
      'Roof Replacement',
      'Roof Repair and Coating',
      'Gutter and Downspout Replacement',
      'Membrane Roof Restoration',
    ],
    tags: ['roofing', 'gutters', 'membrane', 'waterproofing'],
    scope: [
      'tear-off and replacement of the existing roof system',
      'repair of leaks and application of a reflective coating',
      'replacement of gutters, downspouts and flashing',
      'a twenty-year manufacturer warranty',
    ],
  },
  {
    category: 'pest_control',
    naics: ['561710'],
    psc: ['S207'],
    titles: [
      'Integrated Pest Management Services',
      'Termite Treatment',
      'Rodent Control Services',
      'Bird Deterrent Installation',
    ],
    tags: ['pest-control', 'termites', 'rodents', 'ipm'],
    scope: [
      'monthly integrated pest management inspections',
      'termite treatment with a one-year retreatment warranty',
      'rodent exclusion and monitoring stations',
      'service logs kept for every visit',
    ],
  },
  {
    category: 'painting',
    naics: ['238320'],
    psc: ['Z2AA', 'Z2JZ'],
    titles: [
      'Interior Painting',
      'Exterior Painting and Caulking',
      'Lead-Safe Painting and Repair',
      'Floor Coating Application',
    ],
    tags: ['painting', 'coatings', 'caulking'],
    scope: [
      'surface preparation, priming and two finish coats',
      'lead-safe work practices in pre-1978 buildings',
      'replacement of failed sealants around windows and joints',
      'low-VOC products approved by the contracting officer',
    ],
  },
  {
    category: 'fire_protection',
    naics: ['238220', '238210'],
    psc: ['J042', 'J063'],
    titles: [
      'Fire Alarm System Inspection and Testing',
      'Fire Sprinkler Inspection',
      'Fire Suppression System Maintenance',
      'Kitchen Hood Suppression Service',
    ],
    tags: ['fire-protection', 'sprinklers', 'fire-alarm', 'nfpa'],
    scope: [
      'inspection, testing and maintenance under NFPA 25 and NFPA 72',
      'five-year internal pipe inspections',
      'repair of deficiencies found during testing',
      'reports uploaded within five business days',
    ],
  },
  {
    category: 'elevator',
    naics: ['238290'],
    psc: ['J035', 'Z1AA'],
    titles: ['Elevator Maintenance and Repair', 'Elevator Modernization', 'Escalator Maintenance Services'],
    tags: ['elevators', 'escalators', 'conveyance'],
    scope: [
      'full-service maintenance of passenger and freight elevators',
      'monthly inspections and annual safety tests',
      'twenty-four hour callback service',
      'modernization of controllers and door operators',
    ],
  },
  {
    category: 'security_systems',
    naics: ['561621'],
    psc: ['J063'],
    titles: [
      'Access Control System Maintenance',
      'CCTV System Upgrade',
      'Intrusion Detection System Repair',
      'Electronic Security Systems Support',
    ],
    tags: ['security', 'access-control', 'cctv', 'intrusion-detection'],
    scope: [
      'maintenance of card readers, panels and door hardware',
      'replacement of analog cameras with IP cameras',
      'alarm monitoring integration and testing',
      'technicians able to obtain facility security clearance',
    ],
  },
  {
    category: 'facilities',
    naics: ['561210'],
    psc: ['S216', 'Z1JZ'],
    titles: [
      'Facilities Maintenance and Operations Support',
      'Base Operations Support Services',
      'Building Operations and Maintenance',
      'Work Order Maintenance Services',
    ],
    tags: ['facilities', 'operations', 'maintenance'],
    scope: [
      'operation and maintenance of building systems',
      'a computerized maintenance management system for work orders',
      'preventive maintenance on a published schedule',
      'service desk staffed during business hours',
    ],
  },
  {
    category: 'general_construction',
    naics: ['236220'],
    psc: ['Y1JZ', 'Z2JZ', 'Z2AA'],
    titles: [
      'Building Renovation',
      'Restroom Renovation',
      'Office Renovation',
      'ADA Accessibility Improvements',
      'Storage Building Construction',
    ],
    tags: ['construction', 'renovation', 'ada'],
    scope: [
      'demolition, framing, drywall and finishes',
      'accessibility upgrades to restrooms and entrances',
      'coordination of mechanical, electrical and plumbing trades',
      'a performance and payment bond',
    ],
  },
  {
    category: 'flooring',
    naics: ['238330'],
    psc: ['Z2AA', 'Z2JZ'],
    titles: ['Flooring Replacement', 'Carpet Tile Installation', 'Vinyl Composition Tile Replacement'],
    tags: ['flooring', 'carpet', 'tile'],
    scope: [
      'removal of existing flooring and floor preparation',
      'installation of carpet tile and resilient base',
      'work after hours to keep offices open',
    ],
  },
  {
    category: 'waste_management',
    naics: ['562111'],
    psc: ['S205'],
    titles: ['Refuse Collection Services', 'Solid Waste and Recycling Removal', 'Roll-Off Container Services'],
    tags: ['waste', 'recycling', 'refuse'],
    scope: [
      'weekly collection of refuse and single-stream recycling',
      'provision of dumpsters and roll-off containers',
      'monthly diversion reports',
    ],
  },
  {
    category: 'paving',
    naics: ['237310', '238990', '238140'],
    psc: ['Z2LB', 'Z1PZ'],
    titles: [
      'Parking Lot Resurfacing',
      'Asphalt Repair and Striping',
      'Concrete Sidewalk Repair',
      'Crack Sealing and Sealcoating',
    ],
    tags: ['paving', 'asphalt', 'concrete', 'striping'],
    scope: [
      'milling and overlay of parking areas',
      'crack sealing, sealcoating and re-striping',
      'replacement of damaged sidewalk panels and curbs',
      'traffic control during the work',
    ],
  },
];

export interface Agency {
  organization: string;
  department: string;
  subtier: string;
  /** Office codes and names; the code starts the solicitation number. */
  offices: Array<[code: string, name: string]>;
  facilities: string[];
  website: string;
}

export const AGENCIES: Agency[] = [
  {
    organization: 'Department of Veterans Affairs',
    department: 'VETERANS AFFAIRS, DEPARTMENT OF',
    subtier: 'VETERANS AFFAIRS, DEPARTMENT OF',
    offices: [
      ['36C256', 'NETWORK CONTRACT OFFICE 16'],
      ['36C263', 'NETWORK CONTRACT OFFICE 23'],
      ['36C246', 'NETWORK CONTRACT OFFICE 6'],
    ],
    facilities: ['VA Medical Center', 'VA Community Based Outpatient Clinic', 'VA National Cemetery'],
    website: 'https://www.va.gov',
  },
  {
    organization: 'Department of the Army',
    department: 'DEPT OF DEFENSE',
    subtier: 'DEPT OF THE ARMY',
    offices: [
      ['W912DY', 'W912DY USACE HNC HUNTSVILLE'],
      ['W91QF5', 'W6QM MICC FT LEAVENWORTH'],
      ['W9124J', 'W6QM MICC FT SAM HOUSTON'],
    ],
    facilities: ['Army Reserve Center', 'Army Garrison', 'Readiness Center'],
    website: 'https://www.army.mil',
  },
  {
    organization: 'Department of the Navy',
    department: 'DEPT OF DEFENSE',
    subtier: 'DEPT OF THE NAVY',
    offices: [
      ['N40085', 'NAVFAC MID-ATLANTIC'],
      ['N62473', 'NAVFAC SOUTHWEST'],
      ['N69450', 'NAVFAC SOUTHEAST'],
    ],
    facilities: ['Naval Station', 'Naval Support Activity', 'Navy Operational Support Center'],
    website: 'https://www.navfac.navy.mil',
  },
  {
    organization: 'Department of the Air Force',
    department: 'DEPT OF DEFENSE',
    subtier: 'DEPT OF THE AIR FORCE',
    offices: [
      ['FA4890', 'FA4890 633 CONS LGC'],
      ['FA4613', 'FA4613 90 CONS LGC'],
      ['FA8201', 'FA8201 75 CONS'],
    ],
    facilities: ['Air Force Base', 'Air National Guard Base', 'Air Reserve Station'],
    website: 'https://www.af.mil',
  },
  {
    organization: 'General Services Administration',
    department: 'GENERAL SERVICES ADMINISTRATION',
    subtier: 'PUBLIC BUILDINGS SERVICE',
    offices: [
      ['47PF00', 'PBS R5 ACQUISITION MANAGEMENT DIVISION'],
      ['47PH05', 'PBS R7 ACQUISITION MANAGEMENT DIVISION'],
      ['47PK01', 'PBS R9 ACQUISITION MANAGEMENT DIVISION'],
    ],
    facilities: ['Federal Building', 'U.S. Courthouse', 'Land Port of Entry'],
    website: 'https://www.gsa.gov',
  },
  {
    organization: 'National Park Service',
    department: 'INTERIOR, DEPARTMENT OF THE',
    subtier: 'NATIONAL PARK SERVICE',
    offices: [
      ['140P53', 'SER MABO (53000)'],
      ['140P85', 'IMR MABO (85000)'],
      ['140P20', 'PWR MABO (20000)'],
    ],
    facilities: ['National Park', 'National Historic Site', 'Visitor Center'],
    website: 'https://www.nps.gov',
  },
  {
    organization: 'Forest Service',
    department: 'AGRICULTURE, DEPARTMENT OF',
    subtier: 'FOREST SERVICE',
    offices: [
      ['1240BF', 'USDA-FS CSA EAST 1'],
      ['12363N', 'USDA-FS CSA WEST 2'],
      ['1240LP', 'USDA-FS CSA INTERMOUNTAIN 6'],
    ],
    facilities: ['Ranger District Office', 'National Forest', 'Work Center'],
    website: 'https://www.fs.usda.gov',
  },
  {
    organization: 'U.S. Coast Guard',
    department: 'HOMELAND SECURITY, DEPARTMENT OF',
    subtier: 'US COAST GUARD',
    offices: [
      ['70Z038', 'BASE KETCHIKAN(00038)'],
      ['70Z081', 'SFLC PROCUREMENT BRANCH 1'],
      ['70Z0G9', 'BASE NATIONAL CAPITAL REGION'],
    ],
    facilities: ['Coast Guard Station', 'Coast Guard Sector', 'Coast Guard Base'],
    website: 'https://www.uscg.mil',
  },
  {
    organization: 'Indian Health Service',
    department: 'HEALTH AND HUMAN SERVICES, DEPARTMENT OF',
    subtier: 'INDIAN HEALTH SERVICE',
    offices: [
      ['75H701', 'NAVAJO AREA INDIAN HEALTH SVC'],
      ['75H709', 'PHOENIX AREA INDIAN HEALTH SVC'],
      ['75H704', 'OKLAHOMA CITY AREA INDIAN HEALTH SVC'],
    ],
    facilities: ['Indian Health Center', 'Service Unit Hospital', 'Health Clinic'],
    website: 'https://www.ihs.gov',
  },
  {
    organization: 'Federal Bureau of Prisons',
    department: 'JUSTICE, DEPARTMENT OF',
    subtier: 'FEDERAL PRISON SYSTEM / BUREAU OF PRISONS',
    offices: [
      ['15B301', 'FCI BECKLEY'],
      ['15B703', 'FCI TERMINAL ISLAND'],
      ['15B501', 'USP TERRE HAUTE'],
    ],
    facilities: ['Federal Correctional Institution', 'Federal Detention Center', 'Federal Medical Center'],
    website: 'https://www.bop.gov',
  },
  {
    organization: 'Federal Aviation Administration',
    department: 'TRANSPORTATION, DEPARTMENT OF',
    subtier: 'FEDERAL AVIATION ADMINISTRATION',
    offices: [
      ['697DCK', '6973GH FRANCHISE ACQUISITION SVCS'],
      ['693KA9', '693KA9 FAA LOGISTICS CENTER'],
    ],
    facilities: ['Air Traffic Control Tower', 'Air Route Traffic Control Center', 'Flight Service Station'],
    website: 'https://www.faa.gov',
  },
  {
    organization: 'Department of Energy',
    department: 'ENERGY, DEPARTMENT OF',
    subtier: 'ENERGY, DEPARTMENT OF',
    offices: [
      ['89243', 'WESTERN AREA POWER ADMINISTRATION'],
      ['89303', 'OFFICE OF ENVIRONMENTAL MANAGEMENT'],
    ],
    facilities: ['Substation', 'Field Office', 'Operations Center'],
    website: 'https://www.energy.gov',
  },
];

/** Two-letter state code and a few cities with their ZIP prefixes. 40 states. */
export const PLACES: Array<[state: string, cities: Array<[city: string, zip: string]>]> = [
  [
    'AK',
    [
      ['Anchorage', '995'],
      ['Juneau', '998'],
      ['Ketchikan', '999'],
    ],
  ],
  [
    'AL',
    [
      ['Huntsville', '358'],
      ['Montgomery', '361'],
      ['Mobile', '366'],
    ],
  ],
  [
    'AZ',
    [
      ['Phoenix', '850'],
      ['Tucson', '857'],
      ['Flagstaff', '860'],
    ],
  ],
  [
    'CA',
    [
      ['San Diego', '921'],
      ['Sacramento', '958'],
      ['Fresno', '937'],
      ['Los Angeles', '900'],
    ],
  ],
  [
    'CO',
    [
      ['Denver', '802'],
      ['Colorado Springs', '809'],
      ['Grand Junction', '815'],
    ],
  ],
  [
    'CT',
    [
      ['Hartford', '061'],
      ['New London', '063'],
    ],
  ],
  [
    'FL',
    [
      ['Jacksonville', '322'],
      ['Tampa', '336'],
      ['Pensacola', '325'],
      ['Miami', '331'],
    ],
  ],
  [
    'GA',
    [
      ['Atlanta', '303'],
      ['Augusta', '309'],
      ['Savannah', '314'],
    ],
  ],
  [
    'HI',
    [
      ['Honolulu', '968'],
      ['Hilo', '967'],
    ],
  ],
  [
    'ID',
    [
      ['Boise', '837'],
      ["Coeur d'Alene", '838'],
    ],
  ],
  [
    'IL',
    [
      ['Chicago', '606'],
      ['Springfield', '627'],
      ['Rockford', '611'],
    ],
  ],
  [
    'IN',
    [
      ['Indianapolis', '462'],
      ['Terre Haute', '478'],
    ],
  ],
  [
    'KS',
    [
      ['Wichita', '672'],
      ['Leavenworth', '660'],
    ],
  ],
  [
    'KY',
    [
      ['Louisville', '402'],
      ['Lexington', '405'],
    ],
  ],
  [
    'LA',
    [
      ['New Orleans', '701'],
      ['Shreveport', '711'],
    ],
  ],
  [
    'MA',
    [
      ['Boston', '021'],
      ['Worcester', '016'],
    ],
  ],
  [
    'MD',
    [
      ['Baltimore', '212'],
      ['Annapolis', '214'],
    ],
  ],
  [
    'MI',
    [
      ['Detroit', '482'],
      ['Grand Rapids', '495'],
    ],
  ],
  [
    'MN',
    [
      ['Minneapolis', '554'],
      ['Duluth', '558'],
    ],
  ],
  [
    'MO',
    [
      ['St. Louis', '631'],
      ['Kansas City', '641'],
    ],
  ],
  [
    'MS',
    [
      ['Jackson', '392'],
      ['Biloxi', '395'],
    ],
  ],
  [
    'MT',
    [
      ['Billings', '591'],
      ['Missoula', '598'],
    ],
  ],
  [
    'NC',
    [
      ['Fayetteville', '283'],
      ['Raleigh', '276'],
      ['Asheville', '288'],
    ],
  ],
  [
    'NE',
    [
      ['Omaha', '681'],
      ['Lincoln', '685'],
    ],
  ],
  [
    'NM',
    [
      ['Albuquerque', '871'],
      ['Gallup', '873'],
      ['Las Cruces', '880'],
    ],
  ],
  [
    'NV',
    [
      ['Las Vegas', '891'],
      ['Reno', '895'],
    ],
  ],
  [
    'NY',
    [
      ['New York', '100'],
      ['Albany', '122'],
      ['Buffalo', '142'],
    ],
  ],
  [
    'OH',
    [
      ['Columbus', '432'],
      ['Dayton', '454'],
      ['Cleveland', '441'],
    ],
  ],
  [
    'OK',
    [
      ['Oklahoma City', '731'],
      ['Lawton', '735'],
    ],
  ],
  [
    'OR',
    [
      ['Portland', '972'],
      ['Bend', '977'],
    ],
  ],
  [
    'PA',
    [
      ['Philadelphia', '191'],
      ['Pittsburgh', '152'],
    ],
  ],
  [
    'SC',
    [
      ['Charleston', '294'],
      ['Columbia', '292'],
    ],
  ],
  [
    'SD',
    [
      ['Rapid City', '577'],
      ['Sioux Falls', '571'],
    ],
  ],
  [
    'TN',
    [
      ['Nashville', '372'],
      ['Memphis', '381'],
    ],
  ],
  [
    'TX',
    [
      ['San Antonio', '782'],
      ['Houston', '770'],
      ['El Paso', '799'],
      ['Austin', '787'],
    ],
  ],
  [
    'UT',
    [
      ['Salt Lake City', '841'],
      ['Ogden', '844'],
    ],
  ],
  [
    'VA',
    [
      ['Norfolk', '235'],
      ['Richmond', '232'],
      ['Arlington', '222'],
    ],
  ],
  [
    'WA',
    [
      ['Seattle', '981'],
      ['Spokane', '992'],
      ['Tacoma', '984'],
    ],
  ],
  [
    'WI',
    [
      ['Milwaukee', '532'],
      ['Madison', '537'],
    ],
  ],
  [
    'WV',
    [
      ['Beckley', '258'],
      ['Charleston', '253'],
    ],
  ],
];

/** [code, description]; null = no set-aside (the most common case, so it appears several times). */
export const SET_ASIDES: Array<[code: string, description: string] | null> = [
  null,
  null,
  null,
  ['SBA', 'Total Small Business Set-Aside (FAR 19.5)'],
  ['SBA', 'Total Small Business Set-Aside (FAR 19.5)'],
  ['SBA', 'Total Small Business Set-Aside (FAR 19.5)'],
  ['SBP', 'Partial Small Business Set-Aside (FAR 19.5)'],
  ['8A', '8(a) Set-Aside (FAR 19.8)'],
  ['8AN', '8(a) Sole Source (FAR 19.8)'],
  ['HZC', 'Historically Underutilized Business (HUBZone) Set-Aside (FAR 19.13)'],
  ['SDVOSBC', 'Service-Disabled Veteran-Owned Small Business (SDVOSB) Set-Aside (FAR 19.14)'],
  ['WOSB', 'Women-Owned Small Business (WOSB) Program Set-Aside (FAR 19.15)'],
  ['EDWOSB', 'Economically Disadvantaged WOSB (EDWOSB) Program Set-Aside (FAR 19.15)'],
  ['VSA', 'Veteran-Owned Small Business Set-Aside (specific to Department of VA)'],
];

/** Notice types: [type, whether it accepts responses, relative weight]. */
export const NOTICE_TYPES: Array<[type: string, actionable: boolean, weight: number]> = [
  ['Solicitation', true, 40],
  ['Combined Synopsis/Solicitation', true, 25],
  ['Sources Sought', true, 12],
  ['Presolicitation', false, 10],
  ['Special Notice', false, 5],
  ['Award Notice', false, 8],
];

export const FIRST_NAMES = [
  'Maria',
  'James',
  'Linda',
  'Robert',
  'Patricia',
  'Michael',
  'Jennifer',
  'David',
  'Angela',
  'Carlos',
  'Kimberly',
  'Thomas',
  'Denise',
  'Marcus',
  'Rachel',
  'Kevin',
];
export const LAST_NAMES = [
  'Johnson',
  'Garcia',
  'Williams',
  'Nguyen',
  'Brown',
  'Martinez',
  'Davis',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thompson',
  'Robinson',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
];
export const CONTACT_TITLES = [
  'Contract Specialist',
  'Contracting Officer',
  "Contracting Officer's Representative",
  'Procurement Technician',
];
export const AWARDEE_WORDS = [
  'Summit',
  'Liberty',
  'Patriot',
  'Cardinal',
  'Keystone',
  'Frontier',
  'Pinnacle',
  'Heritage',
  'Evergreen',
  'Ironwood',
];
export const AWARDEE_SUFFIXES = [
  'Mechanical LLC',
  'Facility Services Inc.',
  'Building Solutions LLC',
  'Contracting Group',
  'Electric Co.',
  'Maintenance Corp.',
];
export const STREETS = [
  'Main St',
  'Veterans Way',
  'Federal Plaza',
  'Airport Rd',
  'Industrial Blvd',
  'Park Ave',
  'Depot St',
  'Harbor Dr',
];
export const ATTACHMENTS = [
  'Statement of Work.pdf',
  'Wage Determination.pdf',
  'Site Map.pdf',
  'Bid Schedule.xlsx',
  'Drawings.pdf',
  'Questions and Answers.pdf',
];
