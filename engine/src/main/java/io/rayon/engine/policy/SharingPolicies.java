package io.rayon.engine.policy;

import io.rayon.model.scenario.SharingPolicySpec;

/** Builds the {@link SharingPolicy} a {@link SharingPolicySpec} describes. */
public final class SharingPolicies {
  private SharingPolicies() {}

  /**
   * The policy for a spec, with the averaging window converted to plan steps: {@code max(1,
   * round(windowSeconds / stepSeconds))}.
   */
  public static SharingPolicy from(SharingPolicySpec spec, long stepSeconds) {
    if (spec == null) return NoSharingPolicy.INSTANCE;
    return switch (spec.kind()) {
      case NONE -> NoSharingPolicy.INSTANCE;
      case INSTANTANEOUS -> new InstantaneousPolicy(spec.instantaneous());
      case CAPACITY_OVER_TIME ->
          new CapacityOverTimePolicy(
              spec.instantaneous(),
              spec.average(),
              windowSteps(spec, stepSeconds),
              spec.toString());
    };
  }

  /** Length in plan steps of the averaging window of a spec (at least one step). */
  public static long windowSteps(SharingPolicySpec spec, long stepSeconds) {
    return Math.max(1, Math.round((double) spec.windowSeconds() / Math.max(1, stepSeconds)));
  }
}
