package io.rayon.engine.rdl;

import io.rayon.model.rdl.Rdl;
import java.util.List;

/**
 * What {@link RdlCompiler#compile} found: the {@code normalized} expression (the input unchanged
 * when it is invalid), total {@code work} in bundle-steps, the {@code minDuration} lower bound in
 * steps, whether the expression is {@code feasible} (no problem found) and the {@code problems},
 * each with the path of the sub-expression in the input.
 */
public record CompileResult(
    Rdl normalized, long work, long minDuration, boolean feasible, List<RdlProblem> problems) {
  public CompileResult {
    problems = List.copyOf(problems);
  }

  /** True when the expression is well formed (it may still be infeasible). */
  public boolean valid() {
    for (RdlProblem p : problems) if (p.code().invalid()) return false;
    return true;
  }
}
