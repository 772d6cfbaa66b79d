package io.rayon.model.workload;

import io.rayon.model.resources.Resources;

/** A phase of a task's actual usage: {@code usage} for {@code durationS} seconds of its run. */
public record UsagePhase(long durationS, Resources usage) {}
