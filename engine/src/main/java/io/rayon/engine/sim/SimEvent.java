package io.rayon.engine.sim;

/**
 * An event on a run's timeline: node failures and recoveries, re-plans, a-posteriori rejections.
 */
public record SimEvent(double timeS, String kind, String text) {}
