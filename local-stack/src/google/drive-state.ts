import { createHash, randomBytes } from 'node:crypto';
import { DriveFaults } from './drive-faults.js';
import { seedDemoDrive, type DriveAccount } from './drive-store.js';
import type { AccessGrant } from './state.js';

/** A resumable upload between its initiation (POST) and its last chunk (PUT). */
export interface UploadSession {
  account: string;
  metadata: Record<string, unknown>;
  contentType: string;
  total: number | null;
  received: Buffer[];
  receivedBytes: number;
  fields: string | undefined;
  /** Set for a resumable update of an existing file. */
  fileId?: string;
}

/** Everything the Drive emulator keeps between requests: drives per account, uploads, faults. */
export class DriveEmulatorState {
  readonly drives = new Map<string, DriveAccount>();
  readonly uploads = new Map<string, UploadSession>();
  readonly faults = new DriveFaults();
  /** Random per emulator run: page tokens and thumbnail links of another run are refused. */
  private secret = randomBytes(16).toString('hex');

  driveOf(grant: AccessGrant): DriveAccount {
    let d = this.drives.get(grant.account.email);
    if (!d) {
      d = seedDemoDrive(grant.account);
      this.drives.set(grant.account.email, d);
    }
    return d;
  }

  sign(value: string): string {
    return createHash('sha256').update(`${this.secret}:${value}`).digest('base64url').slice(0, 16);
  }

  reset(): void {
    this.drives.clear();
    this.uploads.clear();
    this.faults.clear();
    this.secret = randomBytes(16).toString('hex');
  }
}
