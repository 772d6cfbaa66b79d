package io.rayon.bench;

import io.rayon.bench.hadoop.HadoopTranslation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.yarn.api.records.ReservationDefinition;

/**
 * A workload translated once into both forms: our requests (in the scenario) and Hadoop's
 * definitions, index for index. {@code label} is the short name in the results table.
 */
record PreparedWorkload(String label, Scenario scenario, List<ReservationDefinition> hadoop) {

  static PreparedWorkload of(String label, Scenario s) {
    long stepMs = s.stepSeconds() * 1000;
    List<ReservationDefinition> defs = new ArrayList<>(s.reservations().size());
    for (ReservationRequest r : s.reservations())
      defs.add(HadoopTranslation.toHadoop(r, stepMs, s.horizonSteps()));
    return new PreparedWorkload(label, s, List.copyOf(defs));
  }

  List<ReservationRequest> requests() {
    return scenario.reservations();
  }

  int size() {
    return scenario.reservations().size();
  }
}
