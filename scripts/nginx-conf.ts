// Renders deploy/nginx.conf.template (docs/deploy.md) to stdout:
//   npx tsx scripts/nginx-conf.ts --server-name market.example.co.zw \
//     --instance 10.0.0.11:3000 --instance 10.0.0.12:3000 > /etc/nginx/conf.d/marketplace.conf
// Options: --instance HOST:PORT (repeat; at least one), --server-name NAME (required),
// --public-url URL (https://NAME), --http-listen (80), --https-listen (443),
// --cert / --key (Let's Encrypt's files for NAME), --access-log (/var/log/nginx/marketplace.access.log),
// --acme-root (/var/www/letsencrypt). The cluster test (scripts/test-cluster.ts) runs this command.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

export const NGINX_TEMPLATE = path.join(import.meta.dirname, '..', 'deploy', 'nginx.conf.template');

export interface NginxSite {
  instances: string[];
  serverName: string;
  publicUrl: string;
  httpListen: string;
  httpsListen: string;
  cert: string;
  key: string;
  accessLog: string;
  acmeRoot: string;
}

// Values end up inside nginx directives: no spaces, quotes, braces or semicolons can sneak in.
const SAFE = /^[A-Za-z0-9._:/[\]*-]+$/;

export function renderNginxConf(site: NginxSite, template = readFileSync(NGINX_TEMPLATE, 'utf8')): string {
  if (site.instances.length === 0) throw new Error('at least one --instance HOST:PORT is needed');
  const values: Record<string, string> = {
    SERVER_NAME: site.serverName,
    PUBLIC_URL: site.publicUrl.replace(/\/+$/, ''),
    HTTP_LISTEN: site.httpListen,
    HTTPS_LISTEN: site.httpsListen,
    TLS_CERT: site.cert,
    TLS_KEY: site.key,
    ACCESS_LOG: site.accessLog,
    ACME_ROOT: site.acmeRoot,
  };
  for (const [name, value] of Object.entries({ ...values, INSTANCE: site.instances.join(' ') }))
    for (const part of value.split(' '))
      if (!SAFE.test(part)) throw new Error(`${name}: '${part}' is not a plain name, address or path`);
  const lines = template
    .split('\n')
    .flatMap((line) =>
      line.includes('{{INSTANCE}}') ? site.instances.map((i) => line.replace('{{INSTANCE}}', i)) : [line],
    );
  return lines.join('\n').replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`the template names an unknown value ${whole}`);
    return value;
  });
}

function main() {
  const { values } = parseArgs({
    options: {
      instance: { type: 'string', multiple: true, default: [] },
      'server-name': { type: 'string' },
      'public-url': { type: 'string' },
      'http-listen': { type: 'string', default: '80' },
      'https-listen': { type: 'string', default: '443' },
      cert: { type: 'string' },
      key: { type: 'string' },
      'access-log': { type: 'string', default: '/var/log/nginx/marketplace.access.log' },
      'acme-root': { type: 'string', default: '/var/www/letsencrypt' },
    },
  });
  const name = values['server-name'];
  if (!name) throw new Error('--server-name is required (the site name, e.g. market.example.co.zw)');
  const first = name.split(' ')[0];
  process.stdout.write(
    renderNginxConf({
      instances: values.instance,
      serverName: name,
      publicUrl: values['public-url'] ?? `https://${first}`,
      httpListen: values['http-listen'],
      httpsListen: values['https-listen'],
      cert: values.cert ?? `/etc/letsencrypt/live/${first}/fullchain.pem`,
      key: values.key ?? `/etc/letsencrypt/live/${first}/privkey.pem`,
      accessLog: values['access-log'],
      acmeRoot: values['acme-root'],
    }),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
