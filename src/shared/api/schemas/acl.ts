import { z } from 'zod';
import { apiCode, nonEmptyArray, oneOf, text } from './common.ts';

export const aclTypes = ['whitelist', 'blacklist'] as const;
export type AclType = (typeof aclTypes)[number];

/** Referer/Origin ACL (refererAcl, originAcl of cache control policies). */
function aclSchema(label: string) {
  return z.object(
    {
      aclType: oneOf(`${label} type`, aclTypes),
      domainList: nonEmptyArray(
        `${label} domain list`,
        text(`${label} domain`)
          .regex(/\S/, { error: `${label} domain list has an empty entry; fill it in or remove it.`, abort: true })
          .refine((d) => !d.startsWith('-'), {
            message: `${label} domain must not start with '-'; remove the leading '-'.`,
            ...apiCode('InvalidPolicy.AclDomainType'),
          }),
        'at least one domain',
      ).describe(
        "Domains allowed (whitelist) or blocked (blacklist); non-empty, no empty element, none starting with '-'.",
      ),
    },
    { error: `${label} must be an object with aclType and domainList.` },
  );
}

export const refererAclSchema = aclSchema('Referer ACL');
export const originAclSchema = aclSchema('Origin ACL');

export const aclResponseSchema = z.looseObject({
  aclType: z.string(),
  domainList: z.array(z.string()),
});
