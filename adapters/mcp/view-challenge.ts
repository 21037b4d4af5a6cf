import type { Context } from '../../core/context.ts';
import { oauthUrls } from '../../core/services/oauth/urls.ts';
import type { ToolCatalogue } from './catalogue.ts';
import { isWholeCatalogue, viewKey, type ToolView } from './catalogue-view.ts';

export interface ViewChallenge {
  /** The RFC 9728 metadata URL the 401 names. */
  resourceMetadata: string;
  /** The scopes the 401 asks for. */
  scope: string;
}

/**
 * What a 401 on this view tells the client. The scope: `mcp:read` and the write scopes of the view's
 * write tools (a read-only view asks for `mcp:read` alone; the whole catalogue for the registration
 * default, as before). The metadata: the path-inserted form of the view's own URL
 * ({site_url}/.well-known/oauth-protected-resource/api/v1/mcp/x/jobs/readonly), whose scopes_supported
 * say the same; a view with explicit tools has no URL form, so it names the resource's metadata.
 * Every view is the one resource {base_url}/v1/mcp (one audience for every token): the official SDKs
 * accept its metadata for a view's URL because they compare resources by path prefix.
 */
export function viewChallenge(context: Context, view: ToolView, catalogue: ToolCatalogue): ViewChallenge {
  const { protectedResourceMetadata, resource } = oauthUrls(context.urls);
  const scopes = new Set(['mcp:read']);
  for (const tool of catalogue.definitions) for (const scope of tool._meta.required_scopes) scopes.add(scope);
  const own = !isWholeCatalogue(view) && view.tools === undefined;
  return {
    resourceMetadata: own
      ? `${protectedResourceMetadata}${new URL(resource).pathname}/${viewKey(view)}`
      : protectedResourceMetadata,
    scope: [...scopes].join(' '),
  };
}
