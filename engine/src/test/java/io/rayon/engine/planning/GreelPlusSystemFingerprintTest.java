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
 * 2026-11-27: the rigid shape, {@code max-stretch}, {@code repair=8}); a change meant to keep every
 * decision must keep these hashes. When a change of behaviour is intended, the failure message
 * lists the new hashes to paste here, and the change belongs in the CHANGELOG.
 */
class GreelPlusSystemFingerprintTest {
  static final int WORKLOADS = GreedyFingerprintTest.WORKLOADS;

  private static final Map<String, String> EXPECTED = new TreeMap<>();

  static {
    // the defaults of the fifth session of 2026-11-27 (early-shape=rigid, max-stretch=3 above
    // 0.003,
    // repair=8, no admission, no early reserve), on 160 workloads
    EXPECTED.put(
        "aligned=after-early", "0c7bb4dca2fc698a5d633ed3adaa75eca35f1705bf265a6e057700f4c970b0de");
    EXPECTED.put("defaults", "1181c0ac661460707b5514f1ff7ef7fa73db946b5e6d085b861798bd44ccd5c6");
    EXPECTED.put(
        "direction=late-first", "ae905d74e211fd0f0d0ff4abf505d97cb059a4e609a3e0c8ba663effdf8e3c0b");
    EXPECTED.put(
        "early-reserve=0.25", "f7754e1c2279b4a0ec02aecebe21fd4471a968615415b40078046767786ee365");
    EXPECTED.put(
        "early-reserve=0.25,reserve-rule=fixed",
        "73845d83d15e8bd13307fa7da80f827748d5392bc6351baa525dabeedaeb4434");
    EXPECTED.put(
        "early-shape=flat", "1f6ad733163f6c8adeaf52f57f1e8b51ae3fe6b273a6f3483101807f51dfeaa9");
    EXPECTED.put(
        "early-shape=tall", "069ed97ab3de002cc7e5818689534fcf631746ff50f86569deff65d89580f535");
    EXPECTED.put(
        "fourth-session defaults",
        "9afe48e5e620eafc85c6f51608b2e33da57c04bf0263b20117dd5ac84f188a39");
    EXPECTED.put(
        "max-plan-share=0.003", "afbd9c32a04d45286bf751f2fd699cfccc13222b80c610383b51ce5e1f5671d5");
    EXPECTED.put(
        "max-room-share=0.1", "e802ea52eb833cdeb34483a6066f0a182898a6284cd88942e7b6f7e100fcd3d1");
    EXPECTED.put(
        "max-room-share=0.1,room-share-below=1",
        "e9ccf3ed2e98d33ebd257ccea8febfe8451db2a16a21d8f2bf3f55d285967a13");
    EXPECTED.put(
        "max-stretch=0", "99082199a8ad7beaad1f761b23f34c14bb0f111d3aaf04a261217569a0e356e2");
    EXPECTED.put(
        "repair-pick=enough", "aed27778f9d834dcdc46698e2a88d2b4bd0d706c050edf46d3664cc919a11f34");
    EXPECTED.put(
        "repair-pick=flexible", "f261a8ebe7941d49138fcd3a00a9ac175cb224372e2baf84374a74db1b8bcc1d");
    EXPECTED.put(
        "repair-pick=most-held",
        "f261a8ebe7941d49138fcd3a00a9ac175cb224372e2baf84374a74db1b8bcc1d");
    EXPECTED.put(
        "repair-pick=singles-enough",
        "43c8194e1613ba047ed2018accf1e1b58641df2c350366288fba9e80394aaadb");
    EXPECTED.put(
        "repair-place=late-first",
        "a4aaf858156cfd04318439fe87b5e66a762bafe5bee3e5381a072f343e57cf0c");
    EXPECTED.put("repair=0", "e34898611eb0e8311d802d6c176fb28e045a5e31e1ca8a4f704637b5b9e86c25");
    EXPECTED.put("repair=4", "7bedf4ecda6088294f2cd6668fae81e5d26d57ca569d2f4353266bbf0e4ea69d");
    EXPECTED.put(
        "stretch-above=0", "538e6262785f192703a63696eb42786e488741bc8057fce217e03bb25d3c7165");
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
            "0.25"));
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
