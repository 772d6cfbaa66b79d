package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plugin.Options;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.reservation.ReservationRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A differential fingerprint of greel-plus as users run it: through {@link
 * ReservationSystem#create} (so with its admission, its crowded reserve and bounded repair), at its
 * defaults and with each option moved off its default once. On {@value #WORKLOADS} of {@link
 * GreedyFingerprintTest}'s seeded workloads (its clusters, policies, arrivals and crowded plans),
 * every decision is written down exactly (accepted with its allocation, or the rejection's code and
 * text), then what each repair moved ({@link ReservationSystem#lastMoves}), then the plan at the
 * end (every reservation's allocation: a move changes an earlier one). The SHA-256 of that record
 * per option setting was first taken before the window's room was read once per placement ({@code
 * RequestSize.WindowRoom}, which kept them), and again when the defaults changed (fifth session of
 * 2026-11-27: the rigid shape, {@code max-stretch}, {@code repair=8}). The seventh session's {@code
 * small-repair=32} default changed only the two settings with {@code max-room-share=0.1} (these
 * plans' requests are rarely below {@code small-below}'s 0.0001: the defaults' hash is the one
 * {@code small-repair=0} gives); {@code small-below=0.01} applies it far more. The eighth session's
 * admission by plan share (with {@code small-share-at-least}) changed every setting but {@code
 * max-plan-share=1}, which keeps the seventh session's defaults' hash. A change meant to keep every
 * decision must keep these hashes. When a change of behaviour is intended, the failure message
 * lists the new hashes to paste here, and the change belongs in the CHANGELOG.
 */
class GreelPlusSystemFingerprintTest {
  static final int WORKLOADS = GreedyFingerprintTest.WORKLOADS;

  private static final Map<String, String> EXPECTED = new TreeMap<>();

  static {
    // the defaults of the eighth session of 2026-11-27 (early-shape=rigid, max-stretch=3 above
    // 0.003, measured from the earliest start; repair=8, small-repair=32 below 0.0001; the
    // admission max-plan-share=0.0005 below a free share of 0.1 while at least half of the plan's
    // reservations are below 0.0001 of it; no early reserve), on 160 workloads. max-plan-share=1
    // gives the seventh session's defaults' hash, and the fourth session's defaults keep theirs.
    EXPECTED.put(
        "aligned=after-early", "3743383695b3f515737e4b97ec531236591e75d420e83fd23bcf53f62aa0131c");
    EXPECTED.put("defaults", "fa2c84f9d321bd8545dc677184da1e9f7e7380a0ae51a77c7cb29785771bb6a5");
    EXPECTED.put(
        "direction=late-first", "36cbfab03f8636012712264de7d3872e6998cc43183f4a6a74cdfe3423c7c2b9");
    EXPECTED.put(
        "early-reserve=0.25", "90a34476c3b03017372da4c5f0b891ea907b89ea8e415ef1bd2463e169008933");
    EXPECTED.put(
        "early-reserve=0.25,reserve-rule=fixed",
        "a0fc17d68881f08698763f9aadb08abf6293d71f45d1ff1ca1112a5bdc9d8c18");
    EXPECTED.put(
        "early-shape=flat", "3dffad8ffaf186058b3d2e623227bb4f46f569771c347873ce8159d0f6a31985");
    EXPECTED.put(
        "early-shape=tall", "540917aa7075679778540ea84e45a09d6c06b3c186326e9c23058dfd1420753e");
    EXPECTED.put(
        "fourth-session defaults",
        "9afe48e5e620eafc85c6f51608b2e33da57c04bf0263b20117dd5ac84f188a39");
    EXPECTED.put(
        "max-plan-share=0.003", "ae152c8f44ed94b3a1eabc97f7c61864c29782cdbc4aa16f8242f0c38dfb55b6");
    EXPECTED.put(
        "max-plan-share=1", "2e4a3a9ee17c4f8bba6aa7a29f849f6ad8a1fb2454f99610926f6d1193233f0b");
    EXPECTED.put(
        "max-room-share=0.1", "acde708dd7c71ea1162b68672140802d4dd66933e96ee6b56ba59291afe09f51");
    EXPECTED.put(
        "max-room-share=0.1,room-share-below=1",
        "6bd44616eaa12c9d7736ff4e8531d96a930e4336ee11781aed3b018845586331");
    EXPECTED.put(
        "max-stretch=0", "6f6b498bf90bd2f1ca16bd23d4e84c77c03c589698e70efa63bb28ef22f62159");
    EXPECTED.put(
        "repair-pick=enough", "dbc3dfadfc5f3df42d8fc5bac72cf4e00fb3f0f55a9a7e1ffadb8fcf7da99b2a");
    EXPECTED.put(
        "repair-pick=flexible", "5b8bd4a8c2cc670925f3f48074bae68baed478e095d713030924e31fba119df8");
    EXPECTED.put(
        "repair-pick=most-held",
        "c3cd40ebbcf05712983854bf52f08383c483c6b773e36b5ac02d4db21423665e");
    EXPECTED.put(
        "repair-pick=singles-enough",
        "ab48fe82f686ef8500851414520251525290f9e9432c3d9bf029e74dbe81510f");
    EXPECTED.put(
        "repair-place=late-first",
        "bad16109cb96c5c7c99e03e6447f0f9ee4936699d86f451b8fef250c999fa4e5");
    EXPECTED.put("repair=0", "994fcc342bcf904ddaa549b8aa691dffdd17d0b18a8450d2fa96f48cdf90d919");
    EXPECTED.put("repair=4", "c2007109077a548cd2f1325251eba5fdf40cb54bc91c7c56edcfb0e9659efa47");
    EXPECTED.put(
        "small-below=0.01", "3e0c3da4a1ffbbf0f2692df502dcc8e6e825d3ba8bd23738973941bc6f4e7725");
    EXPECTED.put(
        "small-repair=0", "fa2c84f9d321bd8545dc677184da1e9f7e7380a0ae51a77c7cb29785771bb6a5");
    EXPECTED.put(
        "small-share-at-least=0",
        "269430e7221ccc7412db8e8251e8124b0b816e49f0c9a79282e19ef13a00cdc9");
    EXPECTED.put(
        "stretch-above=0", "f5efc0f5b7dbbaa85d032f8186a905574e0739417132c86a601f5fcd7ceab429");
  }

  /**
   * greel-plus's option settings fingerprinted: the defaults, then one option moved off its default
   * each (two where one alone would do nothing), then the defaults before the fifth session.
   */
  static Map<String, Map<String, String>> settings() {
    Map<String, Map<String, String>> out = new LinkedHashMap<>();
    out.put("defaults", Map.of());
    out.put("repair=0", Map.of("repair", "0"));
    out.put("repair=4", Map.of("repair", "4"));
    out.put("repair-pick=most-held", Map.of("repair-pick", "most-held"));
    out.put("repair-pick=enough", Map.of("repair-pick", "enough"));
    out.put("repair-pick=flexible", Map.of("repair-pick", "flexible"));
    out.put("repair-pick=singles-enough", Map.of("repair-pick", "singles-enough"));
    out.put("repair-place=late-first", Map.of("repair-place", "late-first"));
    out.put("early-shape=tall", Map.of("early-shape", "tall"));
    out.put("early-shape=flat", Map.of("early-shape", "flat"));
    out.put("max-stretch=0", Map.of("max-stretch", "0"));
    out.put("stretch-above=0", Map.of("stretch-above", "0"));
    out.put("max-room-share=0.1", Map.of("max-room-share", "0.1"));
    out.put(
        "max-room-share=0.1,room-share-below=1",
        Map.of("max-room-share", "0.1", "room-share-below", "1"));
    out.put("max-plan-share=0.003", Map.of("max-plan-share", "0.003"));
    out.put("early-reserve=0.25", Map.of("early-reserve", "0.25"));
    out.put(
        "early-reserve=0.25,reserve-rule=fixed",
        Map.of("early-reserve", "0.25", "reserve-rule", "fixed"));
    out.put("aligned=after-early", Map.of("aligned", "after-early"));
    out.put("direction=late-first", Map.of("direction", "late-first"));
    // small-repair (seventh session): off, and on for far more of these small plans' requests
    out.put("small-repair=0", Map.of("small-repair", "0"));
    out.put("small-below=0.01", Map.of("small-below", "0.01"));
    // the admission by plan share (eighth session): off (the seventh session's defaults), and
    // applied whatever the plan holds
    out.put("max-plan-share=1", Map.of("max-plan-share", "1"));
    out.put("small-share-at-least=0", Map.of("small-share-at-least", "0"));
    // the defaults before the fifth session of 2026-11-27
    out.put(
        "fourth-session defaults",
        Map.of(
            "early-shape",
            "tall",
            "max-stretch",
            "0",
            "stretch-above",
            "0",
            "repair",
            "4",
            "max-room-share",
            "0.1",
            "early-reserve",
            "0.25",
            "small-repair",
            "0",
            "room-share-below",
            "0.3",
            "max-plan-share",
            "1",
            "small-share-at-least",
            "0"));
    return out;
  }

  static GreelPlusPlanner planner(Map<String, String> values) {
    return GreelPlusPlanner.from(Options.parse("greel-plus", GreelPlusPlanner.specs(), values));
  }

  /** Every decision, move and final allocation of {@code p} on every workload, in text. */
  static String record(GreelPlusPlanner p, List<GreedyFingerprintTest.Workload> workloads) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < workloads.size(); i++) {
      GreedyFingerprintTest.Workload w = workloads.get(i);
      Plan plan = w.plan().copy();
      ReservationSystem system = new ReservationSystem(plan, p, w.policy());
      b.append("workload ").append(i).append('\n');
      for (ReservationRequest r : w.requests()) {
        Decision d = system.create(r);
        b.append(d.reservationId());
        if (d.accepted()) {
          b.append(" accepted");
          allocation(b, d.allocation());
        } else {
          Rejection j = d.rejection();
          b.append(" rejected | ").append(j.code()).append(" | ").append(j.message());
        }
        for (Map.Entry<String, ReservationAllocation> m : system.lastMoves().entrySet()) {
          b.append("\n  moved ").append(m.getKey());
          allocation(b, m.getValue());
        }
        b.append('\n');
      }
      b.append("final\n");
      for (String id : plan.reservationIds()) {
        b.append(id);
        allocation(b, plan.allocationOf(id));
        b.append('\n');
      }
    }
    return b.toString();
  }

  private static void allocation(StringBuilder b, ReservationAllocation a) {
    for (AtomAllocation at : a.atoms()) {
      b.append(" | ").append(at.path()).append(' ').append(at.bundle());
      for (Step s : at.steps())
        b.append(" [")
            .append(s.start())
            .append(',')
            .append(s.end())
            .append(")x")
            .append(s.bundles());
    }
  }

  @Test
  void greelPlusThroughTheSystemDecidesExactlyAsBefore() {
    List<GreedyFingerprintTest.Workload> workloads = new ArrayList<>();
    for (int i = 0; i < WORKLOADS; i++) workloads.add(GreedyFingerprintTest.workload(i));
    Map<String, String> actual = new TreeMap<>();
    int accepted = 0;
    int rejected = 0;
    int moved = 0;
    for (Map.Entry<String, Map<String, String>> e : settings().entrySet()) {
      String text = record(planner(e.getValue()), workloads);
      accepted += GreedyFingerprintTest.count(text, " accepted");
      rejected += GreedyFingerprintTest.count(text, " rejected");
      moved += GreedyFingerprintTest.count(text, "  moved ");
      actual.put(e.getKey(), GreedyFingerprintTest.sha256(text));
    }
    // the fingerprint must see every outcome often, repairs included, or it would not tell much
    assertThat(accepted).isGreaterThan(1000);
    assertThat(rejected).isGreaterThan(1000);
    assertThat(moved).isGreaterThan(50);
    assertThat(actual)
        .as(
            "decisions changed (%d accepted, %d rejected, %d moved); the new hashes:%n%s",
            accepted, rejected, moved, GreedyFingerprintTest.paste(actual))
        .isEqualTo(EXPECTED);
  }
}
