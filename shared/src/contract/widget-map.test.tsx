import { registerArea, type RemoteModule, type WidgetImplementations } from './remote-module';
import { Widget } from './hooks';
import type { WidgetPropsOf } from './widget-map';

/**
 * The widget map is a compile-time contract: these lines are type-checked with the tests
 * (`nx run shared:typecheck`), and each `@ts-expect-error` fails the build if the mistake below it
 * ever stops being an error.
 */
describe('the widget map', () => {
  it('lets callers pass only known widget names, with their props', () => {
    const ok = [
      <Widget key="a" name="documents.library" portfolioId="p1" placement="portfolio-detail" />,
      <Widget key="b" name="documents.share" documentId="d1" title="Passport" onClose={() => undefined} />,
      <Widget key="c" name="portfolios.summary" placement="dashboard" title="Portfolios" />,
    ];
    const wrong = [
      // @ts-expect-error — no widget has this name
      <Widget key="d" name="documents.nope" />,
      // @ts-expect-error — documents.library needs the portfolio it shows
      <Widget key="e" name="documents.library" />,
      // @ts-expect-error — drive.save-to-drive takes a document id string, not a number
      <Widget key="f" name="drive.save-to-drive" documentId={42} />,
    ];
    expect(ok.map((element) => element.props.name)).toEqual(['documents.library', 'documents.share', 'portfolios.summary']);
    expect(wrong).toHaveLength(3);
  });

  it('lets an area register under a name only a component that takes that widget’s props', () => {
    const Library = ({ portfolioId }: WidgetPropsOf<'documents.library'>) => <p>{portfolioId}</p>;
    const NeedsToken = ({ token }: { token: string }) => <p>{token}</p>;
    const good: WidgetImplementations = { 'documents.library': Library };
    // @ts-expect-error — documents.recent is not given a token, so a component that needs one is refused
    const bad: WidgetImplementations = { 'documents.recent': NeedsToken };
    // @ts-expect-error — names outside the map are refused
    const unknown: WidgetImplementations = { 'documents.nope': Library };

    const module: RemoteModule = { contractVersion: '2.0.0', register: (host) => host.addWidgets(good) };
    const registration = registerArea(module, { services: {} as never, auth: () => ({}) as never });
    expect(Object.keys(registration.widgets)).toEqual(['documents.library']);
    expect([bad, unknown]).toHaveLength(2);
  });
});
