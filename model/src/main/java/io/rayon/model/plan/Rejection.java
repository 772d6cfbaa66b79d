package io.rayon.model.plan;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Why a reservation was not accepted, in a form the UI can show and the CLI can print: a {@code
 * code} (see {@link Code}), the RDL sub-expression ({@code path}, "" for the root), the time window
 * that was searched, the resource dimension that ran out, the sharing-policy limit that was hit,
 * and a sentence for people.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Rejection(
    Code code,
    String path,
    Long windowStart,
    Long windowFinish,
    String resource,
    String policyLimit,
    String message) {

  public enum Code {
    /** The expression itself is invalid or can never be satisfied (the RDL compiler says why). */
    INVALID,
    /** Not enough free capacity in the window for the sub-expression at {@code path}. */
    CAPACITY,
    /** A gang or lease cannot be met: g bundles for l consecutive steps do not fit. */
    GANG_OR_LEASE,
    /** A sharing-policy limit of the user would be exceeded. */
    POLICY,
    /** The window lies outside the plan's horizon, or ordering leaves no room. */
    WINDOW,
    /** The planner stopped (cancelled or out of time) before finding a placement. */
    STOPPED
  }

  public static Rejection of(Code code, String path, String message) {
    return new Rejection(code, path, null, null, null, null, message);
  }

  @Override
  public String toString() {
    return code + (path == null || path.isEmpty() ? "" : " at " + path) + ": " + message;
  }
}
