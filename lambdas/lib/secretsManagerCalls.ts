/**
 * The parts of the Secrets Manager SDK that reading a secret uses (./secrets.ts loads this module on the first read).
 * A module of its own, not `import('@aws-sdk/client-secrets-manager')`: a dynamic import of the package would put
 * every command of the SDK into the function's bundle, these names keep only what is used.
 */
export { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
