import type { ClassifiedDriveError, ClassifiedError, ErrorLogApi } from '@dossier/shared/contract';
import { ERROR_LOG_SIZE } from '../limits';
import { classifyError } from './classify-error';

/** SPEC §9: the last 100 general and 50 drive error records, newest last. */
export function createErrorLog(limits: { general: number; drive: number } = ERROR_LOG_SIZE): ErrorLogApi & {
  subscribe(listener: () => void): () => void;
} {
  let general: ClassifiedError[] = [];
  let drive: ClassifiedDriveError[] = [];
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    report(error, context) {
      const record = classifyError(error, context);
      general = [...general, record].slice(-limits.general);
      changed();
      return record;
    },
    reportDrive(error) {
      drive = [...drive, error].slice(-limits.drive);
      changed();
    },
    list: () => general,
    listDrive: () => drive,
    clear() {
      general = [];
      drive = [];
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
