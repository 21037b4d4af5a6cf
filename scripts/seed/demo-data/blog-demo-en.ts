import type { DemoTopic } from './blog-demo-topic.ts';

/** Hand-written English demo posts (en-US): the first entries of the deterministic sequence. */
export const demoTopicsEn: DemoTopic[] = [
  {
    title: 'How to Build a Dispatch Board That Survives Monday Mornings',
    excerpt:
      'A practical layout for your dispatch board so emergency calls, callbacks and routine visits stop colliding.',
    category: 'Scheduling & Dispatch',
    tags: ['scheduling', 'dispatch', 'hvac'],
    points: [
      'Reserve one technician slot per zone for same-day emergencies instead of squeezing them between planned jobs.',
      'Color-code jobs by duration, not by customer, so gaps in the day are visible at a glance.',
      'Review the board at 3 p.m. every day and confirm tomorrow before customers start calling.',
    ],
  },
  {
    title: 'Route Optimization for Small HVAC Teams',
    excerpt: 'Cutting windshield time by twenty percent does not need a data scientist, only a few routing habits.',
    category: 'Scheduling & Dispatch',
    tags: ['routing', 'hvac', 'fuel-costs'],
    points: [
      'Cluster maintenance visits by neighborhood and book them on the same weekday every season.',
      'Start the longest drive of the day first, while traffic is still light.',
      'Track miles per completed job weekly; it is the simplest measure of routing quality.',
    ],
  },
  {
    title: 'Same-Day Service Windows Customers Actually Trust',
    excerpt: 'Two-hour arrival windows, honest updates and a text when the technician leaves the previous job.',
    category: 'Customer Experience',
    tags: ['scheduling', 'customer-communication', 'sms'],
    points: [
      'Promise a two-hour window and send an on-my-way text with a live estimate.',
      'If a job runs late, tell the next customer before the window starts, not after it ends.',
      'Customers forgive delays they hear about early; they do not forgive silence.',
    ],
  },
  {
    title: 'Getting Paid on Site: Card Readers, Payment Links and Deposits',
    excerpt: 'Collecting payment before the van leaves the driveway shortens your cash cycle by weeks.',
    category: 'Invoicing & Payments',
    tags: ['payments', 'invoicing', 'cash-flow'],
    points: [
      'Give every technician a card reader and a way to send a payment link by text.',
      'Take deposits on large installs when the quote is accepted, not on the day of the job.',
      'Reconcile card payments daily so mismatches are caught while everyone still remembers the job.',
    ],
  },
  {
    title: 'Invoice Templates That Reduce Payment Disputes',
    excerpt: 'Clear line items, photos of the finished work and plain-language terms prevent most billing calls.',
    category: 'Invoicing & Payments',
    tags: ['invoicing', 'payments', 'customer-communication'],
    points: [
      'List labor and materials separately and name the part, not just its stock number.',
      'Attach before-and-after photos to the invoice for every repair over a set amount.',
      'State the due date and the accepted payment methods at the top, not in the footer.',
    ],
  },
  {
    title: 'Flat-Rate Pricing vs. Time and Materials for Plumbing Repairs',
    excerpt: 'Which pricing model wins depends on how predictable your jobs are and how your technicians sell.',
    category: 'Business Growth',
    tags: ['pricing', 'plumbing', 'flat-rate'],
    points: [
      'Flat-rate pricing rewards efficient technicians and gives customers a number before work starts.',
      'Time and materials suits diagnostic work where nobody knows the scope until the wall is open.',
      'Many shops use flat rates for the twenty most common repairs and hourly rates for everything else.',
    ],
  },
  {
    title: 'Maintenance Agreements: Recurring Revenue for Slow Seasons',
    excerpt: 'A service plan with two visits a year turns one-time customers into a predictable schedule.',
    category: 'Business Growth',
    tags: ['maintenance-plans', 'recurring-revenue', 'hvac'],
    points: [
      'Price the plan so the two visits break even and the priority service is the profit.',
      'Schedule plan visits in shoulder seasons to keep technicians busy between peaks.',
      'Renew automatically with a reminder thirty days before the plan ends.',
    ],
  },
  {
    title: 'Hiring Your First Dispatcher',
    excerpt: 'When the owner is still answering every call, the business has a ceiling. Here is how to hire past it.',
    category: 'Business Growth',
    tags: ['hiring', 'dispatch', 'operations'],
    points: [
      'Hire for calm under pressure and clear writing; the software can be taught in a week.',
      'Write down how you decide which technician takes which job before the new hire starts.',
      'Let the dispatcher own the schedule and resist the urge to reshuffle it from the truck.',
    ],
  },
  {
    title: 'Technician Onboarding Checklist for the First 30 Days',
    excerpt: 'Ride-alongs, tool audits and a clear list of what a new technician may do alone by week four.',
    category: 'Technician Tips',
    tags: ['hiring', 'training', 'onboarding'],
    points: [
      'Pair each new technician with a senior one for the first ten jobs.',
      'Audit the van inventory together so the new hire knows where every part lives.',
      'Agree on the jobs they may run solo after thirty days and write them down.',
    ],
  },
  {
    title: 'Writing Job Notes the Next Technician Can Use',
    excerpt: 'Good job notes save the next visit twenty minutes and spare the customer the same questions twice.',
    category: 'Technician Tips',
    tags: ['job-notes', 'training', 'customer-communication'],
    points: [
      'Record the equipment model, serial number and location on the first visit.',
      'Note what you tried, what you measured and what you would check next time.',
      'Add a photo of the equipment label; it beats any handwriting.',
    ],
  },
  {
    title: 'Photo Documentation Standards for Every Job',
    excerpt: 'Before, during and after photos protect your crew, speed up warranty claims and sell the next job.',
    category: 'Technician Tips',
    tags: ['photos', 'job-notes', 'warranty'],
    points: [
      'Take a wide photo of the work area before touching anything.',
      'Photograph hidden work such as pipe joints and wiring before the wall is closed.',
      'Finish with the completed installation and the clean work area.',
    ],
  },
  {
    title: 'Ladder and Roof Safety Habits That Stick',
    excerpt: 'Most falls happen on routine jobs. A short checklist before every climb keeps crews on their feet.',
    category: 'Safety & Compliance',
    tags: ['safety', 'roofing', 'training'],
    points: [
      'Inspect the ladder feet and locks before every climb, not once a week.',
      'Keep three points of contact and carry tools in a belt or on a line.',
      'Stop work on roofs when wind or ice makes footing uncertain, and tell the customer why.',
    ],
  },
  {
    title: 'Heat Illness Prevention for Summer Crews',
    excerpt: 'Water, rest and shade schedules for attic work and rooftop installs during heat waves.',
    category: 'Safety & Compliance',
    tags: ['safety', 'hvac', 'summer'],
    points: [
      'Schedule attic and rooftop work before noon whenever the forecast passes ninety degrees.',
      'Give new crew members a week to acclimatize with shorter shifts in the heat.',
      'Train everyone to spot confusion and dizziness in a coworker, not only in themselves.',
    ],
  },
  {
    title: 'Keeping Certifications and Licenses Current',
    excerpt: 'A simple expiry calendar for trade licenses, refrigerant certifications and insurance documents.',
    category: 'Safety & Compliance',
    tags: ['licensing', 'compliance', 'electrical'],
    points: [
      'Keep one list of every license with its number, holder and expiry date.',
      'Set reminders ninety and thirty days before each expiry.',
      'Store copies in the field app so technicians can show them on site.',
    ],
  },
  {
    title: 'Finding Government Contract Opportunities as a Small Contractor',
    excerpt: 'Facility maintenance, grounds keeping and janitorial work are posted publicly. Here is how to find them.',
    category: 'Government Contracts',
    tags: ['government', 'contracts', 'bidding'],
    points: [
      'Search public opportunity listings by NAICS code for the trades you already perform.',
      'Filter by place of performance so you only bid where your crews can reach.',
      'Read the response deadline first; many small contractors lose bids by missing it.',
    ],
  },
  {
    title: 'Understanding Set-Asides for Small Businesses',
    excerpt: 'Small business, veteran-owned and women-owned set-asides reduce competition on many service contracts.',
    category: 'Government Contracts',
    tags: ['government', 'set-aside', 'small-business'],
    points: [
      'A set-aside limits who may bid, which often means fewer and smaller competitors.',
      'Register the certifications you qualify for before you need them; approval takes time.',
      'Read the solicitation for subcontracting limits that apply to set-aside awards.',
    ],
  },
  {
    title: 'NAICS Codes Every Field Service Business Should Know',
    excerpt: 'The industry codes agencies use for plumbing, HVAC, electrical, landscaping and janitorial contracts.',
    category: 'Government Contracts',
    tags: ['government', 'naics', 'contracts'],
    points: [
      'Plumbing, heating and air-conditioning contractors share one code; electrical work has its own.',
      'Landscaping services and janitorial services are separate codes with separate size standards.',
      'List every code you can perform in your registration so searches find you.',
    ],
  },
  {
    title: 'Responding to Customer Reviews Without Sounding Defensive',
    excerpt: 'A calm public reply to a bad review wins more customers than the review loses.',
    category: 'Customer Experience',
    tags: ['customer-reviews', 'reputation', 'marketing'],
    points: [
      'Thank the reviewer, state the facts briefly and offer a direct line to resolve it.',
      'Never argue in public; move details to a phone call.',
      'Reply to good reviews too, naming the technician who did the work.',
    ],
  },
  {
    title: 'Asking for Reviews at the Right Moment',
    excerpt:
      'The best time to ask for a review is when the customer feels the difference, not when the invoice arrives.',
    category: 'Customer Experience',
    tags: ['customer-reviews', 'marketing', 'sms'],
    points: [
      'Ask right after the system is running again, while the relief is fresh.',
      'Send the review link by text with the technician’s name in the message.',
      'Keep the request to one sentence and one link.',
    ],
  },
  {
    title: 'Local SEO for Plumbers and Electricians',
    excerpt: 'Your business profile, service-area pages and reviews decide whether you show up for "near me" searches.',
    category: 'Business Growth',
    tags: ['marketing', 'seo', 'plumbing', 'electrical'],
    points: [
      'Complete every field of your business profile, including hours and service areas.',
      'Write one page per service and city you really cover, with real photos of your work.',
      'Consistent name, address and phone across directories matters more than clever keywords.',
    ],
  },
  {
    title: 'Seasonal Marketing Calendar for Landscaping Companies',
    excerpt: 'Spring cleanups, summer irrigation checks, fall aeration and winter planning: what to promote and when.',
    category: 'Business Growth',
    tags: ['landscaping', 'marketing', 'seasonal'],
    points: [
      'Announce spring cleanups in late winter, when homeowners start planning.',
      'Offer irrigation checks before the first heat wave, not during it.',
      'Use winter to sell next year’s maintenance contracts at a small early discount.',
    ],
  },
  {
    title: 'Pest Control Service Plans That Customers Renew',
    excerpt: 'Quarterly visits, clear reports and a guarantee that is easy to understand keep renewal rates high.',
    category: 'Business Growth',
    tags: ['pest-control', 'maintenance-plans', 'recurring-revenue'],
    points: [
      'Leave a short visit report listing what was treated and what was found.',
      'Offer free re-treatment between visits; it costs little and builds trust.',
      'Send renewal offers with a summary of the year’s visits.',
    ],
  },
  {
    title: 'Quoting Commercial Cleaning Contracts',
    excerpt: 'Square footage, frequency, fixtures and supplies: a worksheet for pricing recurring cleaning work.',
    category: 'Invoicing & Payments',
    tags: ['cleaning', 'pricing', 'commercial'],
    points: [
      'Walk the site yourself; floor plans never show the clutter.',
      'Price restrooms and break rooms separately from open office space.',
      'Put supply costs and the escalation clause in writing.',
    ],
  },
  {
    title: 'Reducing No-Shows With Appointment Reminders',
    excerpt:
      'A reminder the day before and a confirmation text on the morning of the visit cut missed appointments in half.',
    category: 'Scheduling & Dispatch',
    tags: ['scheduling', 'sms', 'customer-communication'],
    points: [
      'Send a reminder the afternoon before with an easy way to reschedule.',
      'Ask customers to confirm by replying, and call those who do not.',
      'Track no-shows by booking channel; some channels produce far more than others.',
    ],
  },
  {
    title: 'Managing Truck Inventory Without Losing Your Weekend',
    excerpt: 'A minimum stock list per van and a weekly restock routine keep second trips to the supply house rare.',
    category: 'Technician Tips',
    tags: ['inventory', 'operations', 'plumbing'],
    points: [
      'Define a minimum quantity for the fifty parts you use most.',
      'Let technicians mark parts used on each job so restocking lists build themselves.',
      'Count one shelf per week instead of the whole van once a quarter.',
    ],
  },
  {
    title: 'Mobile Apps for Technicians: What Matters in the Field',
    excerpt: 'Offline access, fast photo upload and one-tap status updates matter more than feature lists.',
    category: 'Software & Tools',
    tags: ['mobile-app', 'software', 'job-notes'],
    points: [
      'The app must work in basements and crawl spaces with no signal.',
      'Status updates should take one tap, or technicians will skip them.',
      'Customer history and equipment details should be on the job screen itself.',
    ],
  },
  {
    title: 'Connecting Your Field Service Software to Accounting',
    excerpt: 'Syncing invoices and payments automatically ends double entry and end-of-month surprises.',
    category: 'Software & Tools',
    tags: ['software', 'accounting', 'invoicing'],
    points: [
      'Decide which system owns customers and which owns the chart of accounts.',
      'Sync paid invoices daily and review the exceptions, not every transaction.',
      'Map each service type to an income account once, before the first sync.',
    ],
  },
  {
    title: 'Using Webhooks to Automate Job Follow-Ups',
    excerpt:
      'A completed-job event can trigger the review request, the warranty record and the next maintenance reminder.',
    category: 'Software & Tools',
    tags: ['software', 'automation', 'webhooks'],
    points: [
      'Subscribe to job-completed events instead of polling for changes.',
      'Verify each webhook signature before acting on it.',
      'Make every handler safe to run twice; deliveries can repeat.',
    ],
  },
  {
    title: 'Electrical Panel Upgrades: Explaining the Job to Homeowners',
    excerpt: 'Permits, inspections and power outages: how to set expectations for a panel replacement.',
    category: 'Customer Experience',
    tags: ['electrical', 'customer-communication', 'permits'],
    points: [
      'Explain the permit and inspection steps before quoting a date.',
      'Tell the homeowner how long the power will be off and what to unplug.',
      'Leave the panel directory labeled clearly; it is what the customer sees every day.',
    ],
  },
  {
    title: 'Water Heater Replacement: A Job Walkthrough',
    excerpt: 'From the first call to the haul-away, the steps that keep a water heater swap on schedule.',
    category: 'Technician Tips',
    tags: ['plumbing', 'water-heater', 'installation'],
    points: [
      'Confirm the fuel type, venting and capacity on the phone before quoting.',
      'Check local code for expansion tanks and seismic straps.',
      'Flush and test the new unit before the customer signs off.',
    ],
  },
  {
    title: 'Winterizing Irrigation Systems: A Checklist',
    excerpt: 'Blowouts, backflow preventers and controller settings before the first hard freeze.',
    category: 'Technician Tips',
    tags: ['landscaping', 'irrigation', 'seasonal'],
    points: [
      'Shut off the water supply and drain the backflow preventer.',
      'Blow out each zone with compressed air at a safe pressure.',
      'Set the controller to rain mode and note the settings for spring.',
    ],
  },
  {
    title: 'Handling Emergency Calls After Hours',
    excerpt: 'On-call rotations, triage questions and premium pricing for the calls that cannot wait.',
    category: 'Scheduling & Dispatch',
    tags: ['scheduling', 'emergency', 'pricing'],
    points: [
      'Use three triage questions to separate true emergencies from next-morning visits.',
      'Rotate on-call duty weekly and pay for it, even on quiet weeks.',
      'Publish your after-hours fee so nobody is surprised by the invoice.',
    ],
  },
  {
    title: 'Measuring First-Time Fix Rate',
    excerpt: 'The share of jobs finished on the first visit tells you more about profit than revenue does.',
    category: 'Business Growth',
    tags: ['metrics', 'operations', 'training'],
    points: [
      'Count a job as fixed the first time only if no return visit follows within thirty days.',
      'Break the rate down by technician and by job type to find training needs.',
      'Missing parts are the most common cause; compare against truck inventory.',
    ],
  },
  {
    title: 'Building a Referral Program With Local Contractors',
    excerpt: 'Plumbers, electricians and HVAC shops send each other work every week. Make it deliberate.',
    category: 'Business Growth',
    tags: ['marketing', 'referrals', 'partnerships'],
    points: [
      'Agree on who handles what and how quickly referred customers are called.',
      'Track every referral both ways so the relationship stays balanced.',
      'Thank partners publicly and send a small gift at the end of the year.',
    ],
  },
  {
    title: 'Customer Portals: Letting Clients Book and Pay Online',
    excerpt: 'Self-service booking and payment reduce phone volume and meet customers where they already are.',
    category: 'Customer Experience',
    tags: ['software', 'payments', 'scheduling'],
    points: [
      'Offer online booking for routine services first and keep emergencies on the phone.',
      'Show past invoices and service history so customers stop calling for copies.',
      'Keep the payment page short: amount, method, confirm.',
    ],
  },
  {
    title: 'Fleet Maintenance Schedules for Service Vans',
    excerpt: 'A van off the road costs a technician’s day. Preventive maintenance keeps the fleet earning.',
    category: 'Safety & Compliance',
    tags: ['fleet', 'operations', 'safety'],
    points: [
      'Service vans on mileage, not on the calendar, and log every visit.',
      'Check tires and brakes monthly; loaded vans wear them fast.',
      'Keep one spare van or a rental agreement for breakdown days.',
    ],
  },
];

/** English posts that are not public: drafts and posts scheduled for later. */
export const hiddenTopicsEn: DemoTopic[] = [
  {
    title: 'Draft: Pricing Heat Pump Installations in 2027',
    excerpt: 'Rebates, equipment costs and labor hours for heat pump quotes next year.',
    category: 'Business Growth',
    tags: ['hvac', 'pricing', 'heat-pumps'],
    points: ['Rebate programs change yearly; confirm before quoting.', 'Labor hours vary most with the ductwork.'],
  },
  {
    title: 'Upcoming: Spring Tune-Up Campaign Playbook',
    excerpt: 'How to fill April with maintenance visits before the cooling season starts.',
    category: 'Scheduling & Dispatch',
    tags: ['hvac', 'marketing', 'seasonal'],
    points: ['Book tune-ups in geographic clusters.', 'Send the first offer in early March.'],
  },
  {
    title: 'Upcoming: What the New Refrigerant Rules Mean for Your Shop',
    excerpt: 'Equipment changes, technician training and inventory planning for the refrigerant transition.',
    category: 'Safety & Compliance',
    tags: ['hvac', 'compliance', 'refrigerant'],
    points: [
      'Plan inventory for both refrigerants during the transition.',
      'Train technicians before the first install.',
    ],
  },
];
