import type { RouteConfig, x402ResourceServer } from '@x402/core/server';
import { bazaarResourceServerExtension } from '@x402/extensions/bazaar';
import { bazaarDeclaration } from './bazaar.ts';
import { signInChallengeExtension, signInDeclaration } from './sign-in-with-x.ts';

/** The 402's extensions of the paid reference: `bazaar` (discovery) and `sign-in-with-x` (returning buyers). */
export function routeExtensions(network: string): NonNullable<RouteConfig['extensions']> {
  return { ...bazaarDeclaration(), ...signInDeclaration(network) };
}

/** The server extensions that complete those declarations per request (the method; the sign-in challenge). */
export function registerRouteExtensions(server: x402ResourceServer): x402ResourceServer {
  return server.registerExtension(bazaarResourceServerExtension).registerExtension(signInChallengeExtension);
}
