#!/usr/bin/env node
/** CDK entry: `npx cdk synth|deploy|destroy -c stage=<name>` (see docs/deploy.md). */
import { buildApp } from '../infra/app';

buildApp();
