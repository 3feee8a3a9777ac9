// epubcheck on many EPUBs in one JVM (a JVM per book took most of the
// time): each file's report between "== file NAME" and "== rc N".
//   java -cp /usr/share/java/epubcheck.jar scripts/EpubcheckMany.java EPUB...
import com.adobe.epubcheck.tool.EpubChecker;
public class EpubcheckMany {
  public static void main(String[] args) {
    for (String f : args) {
      System.out.println("== file " + f);
      int rc = new EpubChecker().run(new String[] { f });
      System.out.println("== rc " + rc);
    }
  }
}
