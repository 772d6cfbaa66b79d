package io.rayon.engine.sim;

/**
 * Per-node state at one sampled time, for heatmaps: {@code memory[i]} and {@code cpu[i]} are node
 * i's real usage as a fraction of its capacity (0..1; CPU is the served usage, so at most 1), and
 * {@code cpuDemand[i]} the CPU its tasks asked for (above 1 when the node slows its tasks down).
 * Node i is {@link SimulationResult#nodeIds()}{@code .get(i)}. The arrays are owned by the frame:
 * do not modify them.
 */
public record Frame(double timeS, float[] memory, float[] cpu, float[] cpuDemand) {}
