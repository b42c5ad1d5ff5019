/* PCRE2 (8-bit code units, UTF-8) for JSON Schema's ECMA-262 `pattern` and
   `patternProperties`. pcre2.h picks its function names with macros of
   PCRE2_CODE_UNIT_WIDTH, which Swift cannot expand: one wrapper per use. */
#ifndef FORMRUN_CPCRE2_SHIM_H
#define FORMRUN_CPCRE2_SHIM_H
#define PCRE2_CODE_UNIT_WIDTH 8
#include <stddef.h>
#include <stdint.h>
#include <pcre2.h>

/* ECMA-262 readings PCRE2 has options for: `$` only at the very end (no
   trailing newline), a back reference to an unset group matches empty, and
   \u hhhh / \x hh as JavaScript reads them. UTF-8 subjects, checked. */
static inline pcre2_code_8 *formrun_re_compile(
  const char *pattern, size_t length, int *error, size_t *offset) {
  uint32_t options = PCRE2_UTF | PCRE2_DOLLAR_ENDONLY | PCRE2_MATCH_UNSET_BACKREF | PCRE2_ALT_BSUX;
  pcre2_compile_context_8 *context = pcre2_compile_context_create_8(NULL);
  if (context == NULL) {
    *error = PCRE2_ERROR_NOMEMORY;
    *offset = 0;
    return NULL;
  }
  pcre2_set_compile_extra_options_8(context, PCRE2_EXTRA_ALT_BSUX);
  PCRE2_SIZE at = 0;
  pcre2_code_8 *code = pcre2_compile_8((PCRE2_SPTR8)pattern, length, options, error, &at, context);
  pcre2_compile_context_free_8(context);
  *offset = at;
  return code;
}

static inline void formrun_re_free(pcre2_code_8 *code) { pcre2_code_free_8(code); }

/* 1 when the pattern matches somewhere in the subject, 0 when it does not,
   a negative PCRE2 error otherwise (the match limit reached: a pattern that
   backtracks without end). */
static inline int formrun_re_search(const pcre2_code_8 *code, const char *subject, size_t length, uint32_t limit) {
  pcre2_match_data_8 *data = pcre2_match_data_create_from_pattern_8(code, NULL);
  pcre2_match_context_8 *context = pcre2_match_context_create_8(NULL);
  if (data == NULL || context == NULL) {
    pcre2_match_data_free_8(data);
    pcre2_match_context_free_8(context);
    return PCRE2_ERROR_NOMEMORY;
  }
  pcre2_set_match_limit_8(context, limit);
  int rc = pcre2_match_8(code, (PCRE2_SPTR8)subject, length, 0, 0, data, context);
  pcre2_match_data_free_8(data);
  pcre2_match_context_free_8(context);
  if (rc >= 0) return 1;
  if (rc == PCRE2_ERROR_NOMATCH) return 0;
  return rc;
}

/* The message of a PCRE2 error code, into buffer (NUL-terminated). */
static inline int formrun_re_message(int error, char *buffer, size_t size) {
  return pcre2_get_error_message_8(error, (PCRE2_UCHAR8 *)buffer, size);
}
#endif
