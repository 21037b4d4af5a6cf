/**
 * GSA's documented v2 example (Example 3, the award notice), with the v2 fields the example leaves
 * out (fullParentPathName, resourceLinks) filled in their documented shapes and the dates moved so
 * the notice is still open at `now`.
 */
export function documentedNotice(): Record<string, unknown> {
  return {
    noticeId: '5b345bbb7127b91a3ad577b203fc6f68',
    title: 'Historic Office Renovation ',
    solicitationNumber: ' 47PF0018R0023 ',
    fullParentPathName: 'GENERAL SERVICES ADMINISTRATION.PUBLIC BUILDINGS SERVICE.PBS R5',
    fullParentPathCode: '047.047P.047PF0',
    department: 'GENERAL SERVICES ADMINISTRATION',
    subTier: 'PUBLIC BUILDINGS SERVICE',
    office: 'PBS R5',
    postedDate: '2026-05-04 13:41:13+00',
    type: 'Combined Synopsis/Solicitation',
    baseType: 'Presolicitation',
    archiveType: 'autocustom',
    archiveDate: '2026-08-09',
    typeOfSetAsideDescription: 'Total Small Business Set-Aside (FAR 19.5)',
    typeOfSetAside: 'SBA',
    responseDeadLine: '2026-07-20T15:00:00-05:00',
    naicsCode: '236220',
    naicsCodes: ['236220'],
    classificationCode: 'Y1JZ',
    active: 'Yes',
    award: {
      date: '2026-05-04',
      number: '47PF0018C0066',
      amount: '800620',
      awardee: {
        name: 'D.G. Beyer, Inc.',
        location: { streetAddress: '3080 S Calhoun Rd.', city: { code: '56375', name: 'New Berlin' } },
        ueiSAM: '025114695AST',
        duns: '006435549',
      },
    },
    pointOfContact: [
      {
        fax: null,
        type: 'primary',
        email: 'jesse.jones@example.gov',
        phone: '2174941263',
        title: 'Contracting Officer ',
        fullName: 'Jesse L. Jones',
        additionalInfo: { content: 'dropped' },
      },
    ],
    description: 'https://api.sam.gov/prod/opportunities/v1/noticedesc?noticeid=5b345bbb7127b91a3ad577b203fc6f68',
    organizationType: 'OFFICE',
    officeAddress: { zipcode: '60604', city: 'CHICAGO', countryCode: 'USA', state: 'IL' },
    placeOfPerformance: {
      streetAddress: '517 E Wisconsin Ave',
      city: { code: '53000', name: 'Milwaukee' },
      state: { code: 'WI' },
      zip: '53202',
      country: { code: 'USA' },
    },
    additionalInfoLink: null,
    uiLink: 'https://sam.gov/opp/5b345bbb7127b91a3ad577b203fc6f68/view',
    resourceLinks: [
      'https://sam.gov/api/prod/opps/v3/opportunities/resources/files/0a1b2c3d4e5f/download',
      'https://example.gov/files/Site%20Plan.pdf',
    ],
    links: [{ rel: 'self', href: 'https://api.sam.gov/prod/opportunities/v1/search?noticeid=x&limit=1' }],
    somethingNew: { ignored: true },
  };
}
