import random
import keyboard

class Game2048:
    def __init__(self):
        self.board = [[0] * 4 for _ in range(4)]
        self.score = 0
        self.spawn_number()
        self.spawn_number()

    def spawn_number(self):
        empty_cells = [(i, j) for i in range(4) for j in range(4) if self.board[i][j] == 0]
        if empty_cells:
            i, j = random.choice(empty_cells)
            self.board[i][j] = 2 if random.random() < 0.9 else 4

    def move(self, direction):
        merged = [[False] * 4 for _ in range(4)]
        moved = False

        if direction in ['left', 'right']:
            for i in range(4):
                row = self.board[i][:]
                new_row = self.merge_line(row, direction == 'right')
                if new_row != row:
                    moved = True
                    self.board[i] = new_row

        elif direction in ['up', 'down']:
            for j in range(4):
                col = [self.board[i][j] for i in range(4)]
                new_col = self.merge_line(col, direction == 'down')
                if new_col != col:
                    moved = True
                    for i in range(4):
                        self.board[i][j] = new_col[i]

        if moved:
            self.spawn_number()

    def merge_line(self, line, reverse=False):
        if reverse:
            line = line[::-1]

        new_line = [0] * 4
        pos = 0
        
        # Remove zeros and merge equal numbers
        numbers = [x for x in line if x != 0]
        i = 0
        while i < len(numbers):
            if i + 1 < len(numbers) and numbers[i] == numbers[i + 1]:
                new_line[pos] = numbers[i] * 2
                self.score += numbers[i] * 2
                i += 2
            else:
                new_line[pos] = numbers[i]
                i += 1
            pos += 1

        if reverse:
            new_line = new_line[::-1]
        
        return new_line

    def is_game_over(self):
        # Check if there are any empty cells
        if any(0 in row for row in self.board):
            return False

        # Check if there are any possible merges
        for i in range(4):
            for j in range(4):
                current = self.board[i][j]
                # Check right neighbor
                if j < 3 and current == self.board[i][j + 1]:
                    return False
                # Check bottom neighbor
                if i < 3 and current == self.board[i + 1][j]:
                    return False
        return True

    def display(self):
        print(f"\nScore: {self.score}\n")
        for row in self.board:
            print(" ".join(f"{num:4}" for num in row))
        print("\n")

def main():
    game = Game2048()
    
    print("Use arrow keys to move. Press 'q' to quit.")
    
    while True:
        game.display()
        
        if game.is_game_over():
            print("Game Over!")
            break
            
        event = keyboard.read_event(suppress=True)
        if event.event_type != 'down':
            continue
            
        if event.name == 'q':
            break
        elif event.name == 'left':
            game.move('left')
        elif event.name == 'right':
            game.move('right')
        elif event.name == 'up':
            game.move('up')
        elif event.name == 'down':
            game.move('down')

if __name__ == "__main__":
    main()