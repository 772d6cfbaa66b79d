package io.rayon.model.live;

/**
 * What a NodeManager measured (YARN's {@code resourceUtilization}): physical memory in MB and CPU
 * exactly as YARN reports it ({@code nodeCPUUsage}, {@code containersCPUUsage}: the
 * ResourceUtilization CPU figure, in virtual cores used), for the whole node and for its containers
 * only (the latter is the ACU of the estimation paper, §VI).
 */
public record NodeUtilization(
    long nodePhysicalMemoryMB,
    double nodeCpuUsage,
    long containersPhysicalMemoryMB,
    double containersCpuUsage) {}
