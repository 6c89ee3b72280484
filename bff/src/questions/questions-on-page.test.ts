import { questionsOnPage, type QuestionStart } from './questions-on-page';

const start = (number: string, page: number, top: number): QuestionStart => ({
  number,
  question_paper: { page, top },
});

describe('questionsOnPage', () => {
  const paper = [start('1', 2, 0.08), start('2', 3, 0.5), start('3', 5, 0.1), start('4', 5, 0.6)];

  it('names the one question a page lies inside', () => {
    expect(questionsOnPage(paper, 2)).toEqual(['1']);
    expect(questionsOnPage(paper, 4)).toEqual(['2']); // question 2 runs on over page 4
    expect(questionsOnPage(paper, 6)).toEqual(['4']); // the last question runs to the end
  });

  it('names both questions of a page where one ends and the next starts below its head', () => {
    expect(questionsOnPage(paper, 3)).toEqual(['1', '2']);
  });

  it('leaves out the question before when another starts at the head of the page', () => {
    expect(questionsOnPage(paper, 5)).toEqual(['3', '4']);
  });

  it('names none on the cover or without questions, whatever order the questions come in', () => {
    expect(questionsOnPage(paper, 1)).toEqual([]);
    expect(questionsOnPage([], 3)).toEqual([]);
    expect(questionsOnPage([...paper].reverse(), 4)).toEqual(['2']);
  });
});
