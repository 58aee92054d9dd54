import { problemsBySection } from '../../admin/src/builder/problems';

describe('problemsBySection (the endpoint builder)', () => {
  test("places each problem by its path's first step, as its readable line (the property's own first); the rest under other", () => {
    expect(
      problemsBySection([
        { path: ['fields', 1, 'name'], message: 'not a field of api::post.post' },
        { path: ['fields'], message: 'a list endpoint returns at least one field' },
        { path: ['auth', 'keys'], message: 'no API key with id 9' },
        { path: ['filter', 'title', '$eq'], message: '5 is not a valid value for this field' },
        { path: [], message: 'admin user 3 no longer exists' },
        { path: ['unknownPart'], message: 'something else' },
      ])
    ).toEqual({
      fields: 'a list endpoint returns at least one field; fields[1].name: not a field of api::post.post',
      auth: 'auth.keys: no API key with id 9',
      filter: 'filter.title.$eq: 5 is not a valid value for this field',
      other: 'admin user 3 no longer exists; unknownPart: something else',
    });
  });

  test('a path step that only starts like a section is not that section', () => {
    expect(problemsBySection([{ path: ['pathway'], message: 'x' }])).toEqual({ other: 'pathway: x' });
  });
});
