package io.rayon.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rayon.bench.hadoop.HadoopPeer.Refusal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * What one JVM of a {@code --jvms N} comparison measured: its rows ({@link Result}, one per
 * workload and contender, in the order it ran them) and its acceptance differences ({@link
 * AcceptanceDiff}). A child JVM writes it as JSON to the file the parent gives it ({@link #write}),
 * and the parent reads it back ({@link #read}) to combine the JVMs ({@link JvmMedians#combine}).
 * Every figure round-trips exactly (doubles in their shortest exact form, NaN as null).
 */
record JvmRun(List<Result> rows, List<AcceptanceDiff> diffs) {
  JvmRun {
    rows = List.copyOf(rows);
    diffs = List.copyOf(diffs);
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Writes the run to {@code file} atomically (a sibling temp file, then a move). */
  void write(Path file) throws IOException {
    ObjectNode root = JSON.createObjectNode();
    ArrayNode rs = root.putArray("rows");
    for (Result r : rows) rs.add(toJson(r));
    ArrayNode ds = root.putArray("diffs");
    for (AcceptanceDiff d : diffs) ds.add(toJson(d));
    Path abs = file.toAbsolutePath();
    Path tmp = Files.createTempFile(abs.getParent(), abs.getFileName().toString(), ".tmp");
    try {
      JSON.writeValue(tmp.toFile(), root);
      Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /**
   * Reads a run {@link #write} wrote; a malformed file is refused naming the file and the field.
   */
  static JvmRun read(Path file) throws IOException {
    JsonNode root = JSON.readTree(file.toFile());
    String where = "";
    try {
      List<Result> rows = new ArrayList<>();
      for (JsonNode n : need(root, "rows")) {
        where = "row " + (rows.size() + 1) + ": ";
        rows.add(result(n));
      }
      List<AcceptanceDiff> diffs = new ArrayList<>();
      for (JsonNode n : need(root, "diffs")) {
        where = "diff " + (diffs.size() + 1) + ": ";
        diffs.add(diff(n));
      }
      return new JvmRun(rows, diffs);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + where + e.getMessage(), e);
    }
  }

  private static ObjectNode toJson(Result r) {
    ObjectNode n = JSON.createObjectNode();
    n.put("workload", r.workload());
    n.put("planner", r.planner());
    n.put("isOurs", r.isOurs());
    n.put("requests", r.requests());
    ObjectNode s = n.putObject("stats");
    s.put("accepted", r.stats().accepted());
    putDouble(s, "acceptance", r.stats().acceptance());
    putDouble(s, "weightedAcceptance", r.stats().weightedAcceptance());
    putDouble(s, "preemption", r.stats().preemption());
    putDouble(s, "uniformity", r.stats().uniformity());
    putDouble(n, "cpuNanos", r.cpuNanos());
    putDouble(n, "meanNanos", r.meanNanos());
    putDouble(n, "p50Nanos", r.p50Nanos());
    putDouble(n, "p99Nanos", r.p99Nanos());
    n.put("warmupRuns", r.warmupRuns());
    n.put("timedRuns", r.timedRuns());
    ArrayNode v = n.putArray("violations");
    for (String x : r.violations()) v.add(x);
    putDouble(n, "speedup", r.speedup());
    putDouble(n, "warmCpuNanos", r.warmCpuNanos());
    putDouble(n, "warmSpeedup", r.warmSpeedup());
    ArrayNode acc = n.putArray("accepted");
    for (int i = r.accepted().nextSetBit(0); i >= 0; i = r.accepted().nextSetBit(i + 1)) acc.add(i);
    n.put("overCapacityFitted", r.overCapacityFitted());
    ArrayNode why = n.putArray("refusedWhy");
    for (Refusal x : r.refusedWhy()) {
      if (x == null) why.addNull();
      else why.add(x.name());
    }
    return n;
  }

  private static Result result(JsonNode n) {
    JsonNode s = need(n, "stats");
    PlanStats stats =
        new PlanStats(
            need(s, "accepted").asInt(),
            dbl(s, "acceptance"),
            dbl(s, "weightedAcceptance"),
            dbl(s, "preemption"),
            dbl(s, "uniformity"));
    List<String> violations = new ArrayList<>();
    for (JsonNode x : need(n, "violations")) violations.add(x.asText());
    BitSet accepted = new BitSet();
    for (JsonNode x : need(n, "accepted")) accepted.set(x.asInt());
    JsonNode whyNode = need(n, "refusedWhy");
    Refusal[] why = new Refusal[whyNode.size()];
    for (int i = 0; i < why.length; i++) {
      JsonNode x = whyNode.get(i);
      why[i] = x.isNull() ? null : Refusal.valueOf(x.asText());
    }
    return new Result(
        need(n, "workload").asText(),
        need(n, "planner").asText(),
        need(n, "isOurs").asBoolean(),
        need(n, "requests").asInt(),
        stats,
        dbl(n, "cpuNanos"),
        dbl(n, "meanNanos"),
        dbl(n, "p50Nanos"),
        dbl(n, "p99Nanos"),
        need(n, "warmupRuns").asInt(),
        need(n, "timedRuns").asInt(),
        violations,
        dbl(n, "speedup"),
        accepted,
        need(n, "overCapacityFitted").asInt(),
        why,
        dbl(n, "warmCpuNanos"),
        dbl(n, "warmSpeedup"));
  }

  private static ObjectNode toJson(AcceptanceDiff d) {
    ObjectNode n = JSON.createObjectNode();
    n.put("workload", d.workload());
    n.put("ours", d.ours());
    n.put("hadoop", d.hadoop());
    n.set("onlyOurs", toJson(d.onlyOurs()));
    n.set("onlyHadoop", toJson(d.onlyHadoop()));
    n.put("both", d.both());
    n.put("onlyOursOverCapacity", d.onlyOursOverCapacity());
    return n;
  }

  private static ObjectNode toJson(AcceptanceDiff.Side s) {
    ObjectNode n = JSON.createObjectNode();
    n.put("count", s.count());
    n.put("work", s.work());
    putDouble(n, "medianWork", s.medianWork());
    return n;
  }

  private static AcceptanceDiff diff(JsonNode n) {
    return new AcceptanceDiff(
        need(n, "workload").asText(),
        need(n, "ours").asText(),
        need(n, "hadoop").asText(),
        side(need(n, "onlyOurs")),
        side(need(n, "onlyHadoop")),
        need(n, "both").asInt(),
        need(n, "onlyOursOverCapacity").asInt());
  }

  private static AcceptanceDiff.Side side(JsonNode n) {
    return new AcceptanceDiff.Side(
        need(n, "count").asInt(), need(n, "work").asLong(), dbl(n, "medianWork"));
  }

  private static void putDouble(ObjectNode n, String field, double v) {
    if (Double.isNaN(v)) n.putNull(field);
    else n.put(field, v);
  }

  private static double dbl(JsonNode n, String field) {
    JsonNode x = need(n, field);
    return x.isNull() ? Double.NaN : x.asDouble();
  }

  private static JsonNode need(JsonNode n, String field) {
    JsonNode x = n.get(field);
    if (x == null) throw new IllegalArgumentException("missing field '" + field + "'");
    return x;
  }
}
