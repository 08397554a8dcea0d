/**
 * The server `instructions` text: how an agent should use the tools, in order, and the facts every tool
 * shares (said here once instead of in each tool's description or schema).
 */
export const SERVER_INSTRUCTIONS = `scorm-tester validates and runs SCORM 1.2 / 2004 courses in a real headless Chromium.
Workflow:
1. Validate first (no browser): scorm_validate_workspace (everything), or scorm_lint_manifest / scorm_lint_api_usage / scorm_lint_sequencing. Every finding has file, line, rule id and a concrete fix. scorm_report writes an HTML report.
2. Run: scorm_session_open({package_path}) -> scorm_runtime_open({session_id}) launches the first SCO in an LMS-like player; the course calls Initialize itself.
3. Look and trace: scorm_take_screenshot / scorm_capture_screenshot return images; scorm_debug_api_calls, scorm_get_data_model_history, scorm_data_model_get, scorm_get_console_errors show what the course did.
4. Act like a learner: scorm_dom_find_interactive_elements (refs, selectors, purposes, questions) or scorm_get_page_state, then scorm_dom_click / scorm_dom_fill / scorm_keyboard_type with a ref or selector; each result lists the API calls and data-model changes it caused. Courses exposing window.SCORMAutomation: scorm_automation_check_availability, then the scorm_automation_* tools. Slides: scorm_get_current_page_context, scorm_navigate_to_slide. Accessibility: scorm_accessibility_audit. Multi-SCO courses: scorm_sn_init, then scorm_nav_*.
5. Close: scorm_session_close. Saved learner state: scorm_open_course / scorm_close_course / scorm_reload_course / scorm_clear_saved_data.
Parameters: package_path / workspace_path is a course folder, its imsmanifest.xml or a .zip package (absolute path preferred); session_id comes from scorm_session_open or scorm_open_course. Tools taking workspace_path instead of session_id run a fresh attempt in a throwaway session and save no learner state. DOM tools target one element in the SCO's frames by selector (Playwright CSS: :has-text(), :visible work) or ref (from scorm_dom_find_interactive_elements / scorm_get_page_state); frame limits the search to one frame label from earlier results ("sco > iframe#content"). Their results list what changed: API calls, data-model changes, console errors, navigation. Defaults are stated as "(default X)"; *_ms values are milliseconds. Arguments are checked strictly: unknown keys and over-long strings are refused.
Errors are JSON-RPC errors with data.error_code and a message that says what to fix; nothing falls back silently.`;
