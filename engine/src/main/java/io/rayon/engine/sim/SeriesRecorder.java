package io.rayon.engine.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The simulator's series recorder: the cluster time series (one row per sample: capacity,
 * allowance, the policy's estimation, reservation and usage of memory and CPU, CPU demand, running
 * and queued tasks) and the per-node frames for the UI. It reads the {@link NodeTable}'s arrays as
 * they are at the moment of a sample; it never changes them. Sampling costs one pass over the
 * nodes.
 */
final class SeriesRecorder {
  private final DoubleList[] series = new DoubleList[14];
  private final List<Frame> frames = new ArrayList<>();

  SeriesRecorder() {
    for (int i = 0; i < series.length; i++) series[i] = new DoubleList();
  }

  /** One row of the time series at simulated time {@code now}, summed over the nodes. */
  void sample(double now, NodeTable nodes, SchedulerPolicy policy, int running, int queueSize) {
    double[] capMem = nodes.capMem;
    double[] arMem = nodes.arMem;
    double[] resMem = nodes.resMem;
    double[] memDemand = nodes.memDemand;
    double[] capCpu = nodes.capCpu;
    double[] arCpu = nodes.arCpu;
    double[] resCpu = nodes.resCpu;
    double[] cpuDemand = nodes.cpuDemand;
    double cm = 0, am = 0, em = 0, rm = 0, um = 0, cc = 0, ac = 0, ec = 0, rc = 0, uc = 0, dc = 0;
    for (int n = 0; n < nodes.count; n++) {
      cm += capMem[n];
      am += arMem[n];
      em += policy.estimate(n, SchedulerPolicy.MEMORY);
      rm += resMem[n];
      um += memDemand[n];
      cc += capCpu[n];
      ac += arCpu[n];
      ec += policy.estimate(n, SchedulerPolicy.CPU);
      rc += resCpu[n];
      uc += Math.min(cpuDemand[n], capCpu[n]);
      dc += cpuDemand[n];
    }
    double[] row = {now, cm, am, em, rm, um, cc, ac, ec, rc, uc, dc, running, queueSize};
    for (int i = 0; i < row.length; i++) series[i].add(row[i]);
  }

  /** One frame: each node's memory use, CPU use and CPU demand as fractions of its capacity. */
  void frame(double now, NodeTable nodes) {
    int nodeCount = nodes.count;
    double[] memDemand = nodes.memDemand;
    double[] cpuDemand = nodes.cpuDemand;
    double[] capMem = nodes.capMem;
    double[] capCpu = nodes.capCpu;
    float[] mem = new float[nodeCount];
    float[] cpu = new float[nodeCount];
    float[] dem = new float[nodeCount];
    for (int n = 0; n < nodeCount; n++) {
      mem[n] = (float) (memDemand[n] / capMem[n]);
      cpu[n] = (float) (Math.min(cpuDemand[n], capCpu[n]) / capCpu[n]);
      dem[n] = (float) (cpuDemand[n] / capCpu[n]);
    }
    frames.add(new Frame(now, mem, cpu, dem));
  }

  TimeSeries timeSeries() {
    return new TimeSeries(
        series[0].toArray(),
        series[1].toArray(),
        series[2].toArray(),
        series[3].toArray(),
        series[4].toArray(),
        series[5].toArray(),
        series[6].toArray(),
        series[7].toArray(),
        series[8].toArray(),
        series[9].toArray(),
        series[10].toArray(),
        series[11].toArray(),
        series[12].toArray(),
        series[13].toArray());
  }

  List<Frame> frames() {
    return frames;
  }

  /** A growable array of doubles. */
  private static final class DoubleList {
    private double[] a = new double[256];
    private int size;

    void add(double v) {
      if (size == a.length) a = Arrays.copyOf(a, size * 2);
      a[size++] = v;
    }

    double[] toArray() {
      return Arrays.copyOf(a, size);
    }
  }
}
