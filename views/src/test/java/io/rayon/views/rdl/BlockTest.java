package io.rayon.views.rdl;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlParseException;
import io.rayon.model.rdl.RdlParser;
import io.rayon.model.rdl.RdlPrinter;
import io.rayon.model.resources.Resources;
import io.rayon.views.FxTesting;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

class BlockTest {

  @Test
  void aCompleteTreeRoundTripsThroughRdl() throws Exception {
    Rdl e =
        RdlParser.parse(
            "window(order(atom(<8192,4>,1,10,240,2400),any(atom(<1024,1,gpu=1>,2,2,3,6))),0,800)");
    assertThat(Block.fromRdl(e).toRdl()).isEqualTo(e);
    assertThat(Block.fromRdl(e).text()).isEqualTo(RdlPrinter.pretty(e));
  }

  @Test
  void anEmptyOperatorMakesTheTreeIncompleteAndIsReportedAtItsPath() {
    Block t =
        Block.operator(
            BlockKind.ORDER,
            List.of(Block.newFromPalette(BlockKind.ATOM), Block.window(null, 0, 10)));
    assertThat(t.toRdl()).isNull();
    assertThat(t.structuralProblems()).extracting(BlockProblem::path).containsExactly("1");
    assertThat(t.text()).contains("?");
    assertThat(t.text())
        .satisfies(
            s -> {
              try {
                RdlParser.parse(s);
                throw new AssertionError("an incomplete tree must not print as valid RDL: " + s);
              } catch (RdlParseException expected) {
                // the placeholder is rejected by the parser
              }
            });
  }

  /**
   * Random trees of atoms with distinct work values, so every atom can be recognised after edits.
   */
  private static Block randomTree(SplittableRandom r, int depth, int[] counter) {
    if (depth == 0 || r.nextInt(3) == 0) {
      return Block.atom(Resources.of(1024, 1), 1, 1, 1, ++counter[0]);
    }
    int k = r.nextInt(4);
    if (k == 3) return Block.window(randomTree(r, depth - 1, counter), 0, 100);
    List<Block> cs = new ArrayList<>();
    int n = 1 + r.nextInt(3);
    for (int i = 0; i < n; i++) cs.add(randomTree(r, depth - 1, counter));
    return Block.operator(k == 0 ? BlockKind.ANY : k == 1 ? BlockKind.ALL : BlockKind.ORDER, cs);
  }

  private static void paths(Block b, String p, List<String> out) {
    out.add(p);
    for (int i = 0; i < b.children().size(); i++)
      paths(b.children().get(i), Rdl.childPath(p, i), out);
  }

  private static List<Long> atomWorks(Block b) {
    List<Long> out = new ArrayList<>();
    if (b.kind() == BlockKind.ATOM) out.add(b.work());
    for (Block c : b.children()) out.addAll(atomWorks(c));
    return out;
  }

  /**
   * Every legal move keeps every atom exactly once and puts the moved block where it was dropped.
   */
  @Property(tries = 200)
  void movingABlockKeepsEveryAtomAndPlacesTheBlockAtTheReturnedPath(@ForAll long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Block tree = randomTree(r, 4, new int[1]);
    List<String> all = new ArrayList<>();
    paths(tree, "", all);
    all.remove("");
    if (all.isEmpty()) return;
    String from = all.get(r.nextInt(all.size()));
    List<String> parents = new ArrayList<>();
    paths(tree, "", parents);
    parents.removeIf(p -> Block.isWithin(p, from) || !tree.at(p).kind().isList());
    if (parents.isEmpty()) return;
    String to = parents.get(r.nextInt(parents.size()));
    int index = r.nextInt(tree.at(to).children().size() + 1);

    FxTesting.startToolkit();
    RdlBuilder b = new RdlBuilder();
    b.load(tree.toRdl());
    Block moving = tree.at(from);
    String newPath = b.move(from, to, index);
    if (newPath == null) {
      assertThat(b.getRoot()).isEqualTo(tree);
      return;
    }
    assertThat(b.getRoot().at(newPath)).isEqualTo(moving);
    assertThat(atomWorks(b.getRoot())).containsExactlyInAnyOrderElementsOf(atomWorks(tree));
    b.getCommandStack().undo();
    assertThat(b.getRoot()).isEqualTo(tree);
  }

  @Test
  void unNestingSplicesTheChildrenIntoTheParent() throws Exception {
    FxTesting.startToolkit();
    RdlBuilder b = new RdlBuilder();
    b.load(
        RdlParser.parse("order(atom(<1,1>,1,1,1,1),all(atom(<1,1>,1,1,1,2),atom(<1,1>,1,1,1,3)))"));
    assertThat(b.unwrap("1")).isTrue();
    assertThat(b.getExpression())
        .isEqualTo(
            RdlParser.parse("order(atom(<1,1>,1,1,1,1),atom(<1,1>,1,1,1,2),atom(<1,1>,1,1,1,3))"));
    b.wrap("0", BlockKind.WINDOW);
    assertThat(b.getRoot().text()).startsWith("order(\n  window(");
    assertThat(b.unwrap("0.0")).isFalse();
    assertThat(b.getMessage()).contains("atom");
  }

  @Test
  void displayUnitsConvertWholeStepsAndExplainTheRest() {
    assertThat(DisplayUnit.HOURS.toSteps(1.5, 60)).isEqualTo(90);
    assertThat(DisplayUnit.MINUTES.fromSteps(3, 30)).isEqualTo(1.5);
    Assertions.assertThatThrownBy(() -> DisplayUnit.MINUTES.toSteps(1.5, 60))
        .hasMessageContaining("1.5 min is not a whole number of steps (1 step = 60 s)")
        .hasMessageContaining("maybe use 1 or 2 steps");
  }
}
