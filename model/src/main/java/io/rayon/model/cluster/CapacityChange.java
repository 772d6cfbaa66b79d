package io.rayon.model.cluster;

import io.rayon.model.resources.Resources;

/**
 * A change of the plannable capacity from plan step {@code step} on: a negative {@code delta} for
 * failed or decommissioned nodes, a positive one for added nodes. {@code reason} is shown to users.
 */
public record CapacityChange(long step, Resources delta, String reason) {}
