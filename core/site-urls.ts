/** The service's public URLs, as every answer that names the service spells them. */
export interface SiteUrls {
  /** {site_url} */
  site: string;
  /** {base_url} = {site_url}/api */
  base: string;
}
