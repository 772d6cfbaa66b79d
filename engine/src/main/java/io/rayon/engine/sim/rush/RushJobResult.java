package io.rayon.engine.sim.rush;

import io.rayon.model.rush.UtilityFunction;
import java.util.Objects;

/**
 * How one job fared in a run.
 *
 * @param id the job's id
 * @param template its template
 * @param jobClass its time-sensitivity class
 * @param utilityFunction its utility function (named {@code utility} in the contract, which also
 *     names the achieved value {@code utility}: a record cannot have both)
 * @param tasks how many tasks it ran
 * @param arrival when it arrived (seconds)
 * @param completion when its last task finished (seconds)
 * @param latency {@code completion − arrival}, the T of its utility function
 * @param utility {@code utilityFunction.value(latency)}
 * @param deadlineMissed whether it finished after its deadline ({@code arrival + budget}, see
 *     {@link io.rayon.model.rush.RushJobSpec#budget()})
 * @param deadline the absolute deadline, +Infinity when the job has none
 * @param targetAtArrival the first target completion time the scheduler set for the job after it
 *     arrived; NaN for schedulers without targets (all but rush)
 * @param projectedAtArrival the first projected completion time after it arrived: rush's slot
 *     mapping (Alg. 4); for the others {@code now + remaining mean work / held containers} at the
 *     first event at which the job held a container
 * @param everHopeless whether the scheduler ever flagged it as unable to keep a non-zero utility
 */
public record RushJobResult(
    String id,
    String template,
    String jobClass,
    UtilityFunction utilityFunction,
    int tasks,
    double arrival,
    double completion,
    double latency,
    double utility,
    boolean deadlineMissed,
    double deadline,
    double targetAtArrival,
    double projectedAtArrival,
    boolean everHopeless) {
  public RushJobResult {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(utilityFunction, "utilityFunction");
  }

  /**
   * Latency against the budget as the paper's Fig. 4 defines it: the job's runtime minus its time
   * budget ({@code completion − deadline}); negative when it finished early, +Infinity never.
   */
  public double lateness() {
    return Double.isInfinite(deadline) ? Double.NEGATIVE_INFINITY : completion - deadline;
  }
}
