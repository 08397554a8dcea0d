/** scorm_report's accessibility part: the audit of the session's running SCO, or why it was not run. */
import { isScormTesterError } from '../../core/errors.js';
import type { AccessibilityReport } from '../../report/index.js';
import type { Session } from '../../session/session.js';
import { auditAccessibility, AUDIT_DEFAULTS } from './audit.js';

export async function accessibilityForReport(session: Session | null): Promise<AccessibilityReport> {
  if (!session) {
    return {
      audited: false,
      not_applicable: {
        code: 'NO_SESSION',
        message:
          'No session_id was given. The audit needs a running course: open one (scorm_session_open, then scorm_runtime_open) and pass its session_id.',
      },
    };
  }
  const runtime = session.runtime;
  if (!runtime || !runtime.isOpen) {
    return {
      audited: false,
      not_applicable: {
        code: 'NO_RUNTIME',
        message: `Session ${session.id} has no open runtime. Open one with scorm_runtime_open, then call scorm_report again.`,
      },
    };
  }
  try {
    return { audited: true, session_id: session.id, ...(await auditAccessibility(runtime, AUDIT_DEFAULTS)) };
  } catch (error) {
    if (!isScormTesterError(error)) throw error;
    return { audited: false, error_code: error.code, message: error.message };
  }
}
